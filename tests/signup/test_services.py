"""Online sign-up: places, the waiting list moving up, the deadline, duplicates, the flood limit,
confirming and checking in on the day (the entry the round's draw then seats)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from language import ServiceError
from signup import services
from signup.models import SignUp
from tournament.models import Entry, Player


def _sign(tournament, name, club="", address=None, **kwargs):
    return services.sign_up(tournament=tournament, name=name, club=club, address=address or name, **kwargs)


def test_places_then_the_waiting_list_in_order(open_tournament):
    tournament = open_tournament(cap=2)
    statuses = [_sign(tournament, n).status for n in ("Anna Berger", "Bernd Huber", "Clara Moser", "Doris Egger")]
    assert statuses == [SignUp.REGISTERED, SignUp.REGISTERED, SignUp.WAITING, SignUp.WAITING]


def test_a_cancelled_place_goes_to_the_first_on_the_waiting_list(open_tournament):
    tournament = open_tournament(cap=2)
    anna, _bernd, clara, doris = (_sign(tournament, n) for n in ("Anna", "Bernd", "Clara", "Doris"))
    services.cancel(sign_up=anna)
    clara.refresh_from_db(), doris.refresh_from_db()
    assert (clara.status, doris.status) == (SignUp.REGISTERED, SignUp.WAITING)


def test_raising_the_cap_moves_the_waiting_list_up(open_tournament):
    tournament = open_tournament(cap=1)
    signed = [_sign(tournament, n) for n in ("Anna", "Bernd", "Clara", "Doris")]
    services.set_registration(tournament=tournament, is_open=True, cap=3, deadline=timezone.now() + timedelta(days=1))
    assert [SignUp.objects.get(pk=s.pk).status for s in signed] == [SignUp.REGISTERED] * 3 + [SignUp.WAITING]


@pytest.mark.parametrize("name,club,email,words", [
    ("", "", "", "Namen"),
    ("x" * 121, "", "", "120"),
    ("Anna", "", "kein-mail", "E-Mail"),
])
def test_bad_entries_are_a_sentence_in_both_languages(open_tournament, name, club, email, words):
    tournament = open_tournament()
    with pytest.raises(ServiceError) as refusal:
        _sign(tournament, name, club, email=email)
    assert words in refusal.value.message_de and refusal.value.message_en
    assert not SignUp.objects.exists()


def test_the_same_person_twice_is_refused_in_any_spelling(open_tournament):
    tournament = open_tournament()
    _sign(tournament, "Anna Berger", "TC Kufstein")
    with pytest.raises(ServiceError, match="schon angemeldet"):
        _sign(tournament, "berger  anna", "tc kufstein")
    assert SignUp.objects.count() == 1


def test_after_the_deadline_or_when_closed_nothing_is_taken(open_tournament):
    late = open_tournament(slug="spaet", deadline_days=-0.01)
    with pytest.raises(ServiceError, match="Anmeldeschluss"):
        _sign(late, "Anna")
    closed = open_tournament(slug="zu")
    services.set_registration(tournament=closed, is_open=False, cap=None, deadline=timezone.now() + timedelta(days=1))
    with pytest.raises(ServiceError, match="nicht offen"):
        _sign(closed, "Anna")
    assert not SignUp.objects.exists()


def test_a_flood_from_one_address_is_stopped(open_tournament, settings):
    settings.SIGNUP_MAX_PER_ADDRESS_PER_HOUR = 3
    tournament = open_tournament(cap=None)
    for n in range(3):
        _sign(tournament, f"Spieler {n}", address="10.0.0.9")
    with pytest.raises(services.Flooded):
        _sign(tournament, "Spieler 4", address="10.0.0.9")
    _sign(tournament, "Spieler 5", address="10.0.0.10")  # another phone still can
    assert SignUp.objects.count() == 4


def test_a_known_player_is_matched_and_checked_in_as_that_player(open_tournament):
    tournament = open_tournament()
    known = Player.objects.create(name="Anna Berger", club="TC Kufstein")
    anna = _sign(tournament, "Berger Anna", "TC Kufstein")
    assert anna.player == known
    services.confirm(sign_up=anna)
    entry = services.check_in(sign_up=anna)
    assert entry.player == known and entry.checked_in and Player.objects.count() == 1
    assert SignUp.objects.get(pk=anna.pk).status == SignUp.CHECKED_IN


def test_a_newcomer_becomes_a_player_when_checked_in(open_tournament):
    tournament = open_tournament()
    newcomer = _sign(tournament, "Zoe Neu", "")
    with pytest.raises(ServiceError, match="zuerst bestätigen"):
        services.check_in(sign_up=newcomer)
    services.confirm(sign_up=newcomer)
    entry = services.check_in(sign_up=newcomer)
    assert entry.player.name == "Zoe Neu" and Entry.objects.filter(tournament=tournament, checked_in=True).count() == 1


def test_the_director_matches_a_typo_to_the_known_player(open_tournament):
    from signup.selectors import suggestions

    tournament = open_tournament()
    known = Player.objects.create(name="Anna Berger", club="TC Kufstein")
    typo = _sign(tournament, "Ana Bergr", "TC Kufstein")
    assert typo.player is None
    assert known in [s.player for s in suggestions(typo)]
    services.match(sign_up=typo, player=known)
    services.confirm(sign_up=typo)
    assert services.check_in(sign_up=typo).player == known


def test_a_waiting_sign_up_cannot_be_confirmed(open_tournament):
    tournament = open_tournament(cap=1)
    _sign(tournament, "Anna")
    waiting = _sign(tournament, "Bernd")
    with pytest.raises(ServiceError):
        services.confirm(sign_up=waiting)
