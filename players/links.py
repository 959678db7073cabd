"""Personal links: made for a sign-up or for an entry at the desk, found by their token, renewed when lost.
Written here, in transactions; nothing here changes what the tournament's pages show."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language

from players import tokens
from players.models import PersonalLink
from signup.models import SignUp
from tournament import live
from tournament.models import Entry

UNCHANGED = {"changes": live.NO_TOURNAMENT}  # the live pages do not show links


def _language() -> str:
    return "en" if (get_language() or "").startswith("en") else "de"


def token(link: PersonalLink) -> str:
    return tokens.token_of(link.pk, link.generation, link.salt)


def path(link: PersonalLink) -> str:
    return reverse("players:page", args=[token(link)])


def _stamp(link: PersonalLink) -> PersonalLink:
    """A new salt and the hash of the token it gives (the row has its id by now)."""
    link.salt = tokens.new_salt()
    link.token_hash = tokens.hash_of(token(link))
    link.save(update_fields=["salt", "token_hash", "generation", "renewed_at"])
    return link


def _create(**owner) -> PersonalLink:
    # A placeholder hash no token has (64 hex digits from a random salt) until the row has its id.
    link = PersonalLink.objects.create(token_hash=tokens.hash_of(tokens.new_salt()), salt="",
                                       language=_language(), **owner)
    return _stamp(link)


@live.write_service(**UNCHANGED)
def link_for_sign_up(*, sign_up: SignUp) -> PersonalLink:
    """The sign-up's link, made once (the sign-up's own transaction)."""
    found = PersonalLink.objects.filter(sign_up=sign_up).first()
    return found or _create(tournament_id=sign_up.tournament_id, sign_up=sign_up)


@live.write_service(**UNCHANGED)
def link_for_entry(*, entry: Entry) -> PersonalLink:
    """The link of a player entered by the director: his sign-up's link where he signed up, else one of its own."""
    found = (PersonalLink.objects.filter(entry=entry).first()
             or PersonalLink.objects.filter(sign_up__tournament_id=entry.tournament_id,
                                            sign_up__player_id=entry.player_id).first())
    if found is not None:
        if found.entry_id is None:
            found.entry = entry
            found.save(update_fields=["entry"])
        return found
    return _create(tournament_id=entry.tournament_id, entry=entry)


@live.write_service(**UNCHANGED)
def renew(*, link: PersonalLink) -> PersonalLink:
    """A lost link: a new token; the old one stops working at once."""
    link = PersonalLink.objects.select_for_update().get(pk=link.pk)
    link.generation += 1
    link.renewed_at = timezone.now()
    return _stamp(link)


def find(token_text: str) -> PersonalLink | None:
    """The link of a token (one query), or None for a wrong or renewed one."""
    if not token_text or len(token_text) > 64:
        return None
    return (PersonalLink.objects.select_related("tournament", "sign_up", "entry__player")
            .filter(token_hash=tokens.hash_of(token_text)).first())


def entry_of(link: PersonalLink) -> Entry | None:
    """The player's entry: his own, or his sign-up's once checked in."""
    if link.entry_id is not None:
        return link.entry
    if link.sign_up_id is not None and link.sign_up.player_id is not None:
        return (Entry.objects.select_related("player")
                .filter(tournament_id=link.tournament_id, player_id=link.sign_up.player_id).first())
    return None


@live.write_service(**UNCHANGED)
def ensure_links(*, tournament) -> None:
    """Every sign-up with a place and every entry has its link (the director's check-in list shows them)."""
    for sign_up in SignUp.objects.filter(tournament=tournament, status__in=SignUp.HOLDS_A_PLACE, personal_link=None):
        link_for_sign_up(sign_up=sign_up)
    signed = set(SignUp.objects.filter(tournament=tournament, status__in=SignUp.HOLDS_A_PLACE)
                 .values_list("player_id", flat=True))
    for entry in Entry.objects.filter(tournament=tournament, personal_link=None).exclude(player_id__in=signed - {None}):
        link_for_entry(entry=entry)
