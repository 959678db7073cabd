"""Roles on a site that carries two cups (docs/roles.md): every director and organiser page, for every
kind of account. A 404 where the account may not: another cup's tournaments do not even exist for it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from guardian.shortcuts import assign_perm

from cups import services as cup_services
from publishing.models import PublishToken
from tournament.models import Entry, Round, Tournament

PASSWORD = "richtig-geheim"


@pytest.fixture
def world(db, make_tournament):
    """Cup A with tournaments a1 and a2, cup B with b1, and a house tournament in no cup; the accounts."""
    users = get_user_model().objects
    cup_a = cup_services.create_cup(name="Cup A", slug="cup-a")
    cup_b = cup_services.create_cup(name="Cup B", slug="cup-b")
    season_a = cup_services.create_season(cup=cup_a, label="2026/27")
    season_b = cup_services.create_season(cup=cup_b, label="2026/27")
    tournaments = {}
    for slug, season in (("a1", season_a), ("a2", season_a), ("b1", season_b), ("house", None)):
        tournaments[slug] = make_tournament(players=8, slug=slug, seat=False)
        if season:
            cup_services.add_tournament(season=season, tournament=tournaments[slug])
    accounts = {
        "super": users.create_superuser("super", "s@example.invalid", PASSWORD),
        "organiser-a": users.create_user("organiser-a", password=PASSWORD, is_staff=True),
        "organiser-b": users.create_user("organiser-b", password=PASSWORD, is_staff=True),
        "director-a1": users.create_user("director-a1", password=PASSWORD, is_staff=True),
        "staff": users.create_user("staff", password=PASSWORD, is_staff=True),
        "player": users.create_user("player", password=PASSWORD),
    }
    assign_perm("cups.manage_cup", accounts["organiser-a"], cup_a)
    assign_perm("cups.manage_cup", accounts["organiser-b"], cup_b)
    call_command("grant_role", "director-a1", "--director", "a1", stdout=open("/dev/null", "w"))
    return tournaments, accounts


TOURNAMENT_PAGES = [
    "/turniere/{t}/", "/turniere/{t}/preise/", "/turniere/{t}/mannschaften/", "/turniere/{t}/runde/1/",
    "/turniere/{t}/veroeffentlichen/", "/leitung/turnier/{t}/korrekturen/", "/leitung/turnier/{t}/spiele-import/",
    "/turniere/{t}/druck/standings-pdf/", "/turniere/{t}/druck/tournament-xlsx/",
]

# Who may direct which tournament.
# First names for who adds, surnames for where: every newcomer's name is far from every other's.
NEWCOMERS = {"super": "Xaver", "organiser-a": "Ottilie", "organiser-b": "Benedikt", "director-a1": "Quirin",
             "staff": "Walburga", "a1": "Zederbaum", "a2": "Pfeifenberger", "b1": "Kolmhofer", "house": "Ybbsleitner"}
MAY_DIRECT = {
    "super": {"a1", "a2", "b1", "house"},
    "organiser-a": {"a1", "a2", "house"},
    "organiser-b": {"b1", "house"},
    "director-a1": {"a1", "house"},
    "staff": {"house"},
}


def _client(client, accounts, who):
    if who != "anonymous":
        client.force_login(accounts[who])
    return client


@pytest.mark.parametrize("who", [*MAY_DIRECT, "player", "anonymous"])
def test_the_director_pages_of_each_tournament(client, world, who):
    tournaments, accounts = world
    client = _client(client, accounts, who)
    for slug in tournaments:
        for page in TOURNAMENT_PAGES:
            status = client.get(page.format(t=slug)).status_code
            if who == "anonymous":
                assert status == 302, (who, page, slug)
            elif who == "player":
                assert status == 403, (who, page, slug)
            else:
                assert status == (200 if slug in MAY_DIRECT[who] else 404), (who, page.format(t=slug), status)


@pytest.mark.parametrize("who", list(MAY_DIRECT))
def test_changes_to_a_tournament_only_by_who_may_direct_it(client, world, who):
    tournaments, accounts = world
    client = _client(client, accounts, who)
    for slug, tournament in tournaments.items():
        entry = Entry.objects.filter(tournament=tournament).first()
        seat = client.post(f"/turniere/{slug}/runde/1/seat/")
        withdraw = client.post(f"/turniere/{slug}/spieler/{entry.pk}/ausgeschieden/", {"after_round": "1"})
        # Names far apart (a name close to a known one is asked about first: not what this test is about).
        newcomer = f"{NEWCOMERS[who]} {NEWCOMERS[slug]}"
        add = client.post(f"/turniere/{slug}/spieler/neu/", {"name": newcomer, "club": ""})
        allowed = slug in MAY_DIRECT[who]
        seated = Round.objects.get(tournament=tournament, number=1).status == Round.SEATED
        entry.refresh_from_db()
        added = Entry.objects.filter(tournament=tournament, player__name=newcomer).exists()
        assert (seated, entry.withdrawn_after_round == 1, added) == (allowed, allowed, allowed), (who, slug)
        if not allowed:
            assert {seat.status_code, withdraw.status_code, add.status_code} == {404}
        Round.objects.filter(tournament=tournament).update(status=Round.PLANNED)
        tournament.round_set.get(number=1).tables.all().delete()
        Entry.objects.filter(tournament=tournament).update(withdrawn_after_round=None)


@pytest.mark.parametrize("who", list(MAY_DIRECT))
def test_the_director_list_shows_only_what_the_account_may_direct(client, world, who):
    _tournaments, accounts = world
    page = _client(client, accounts, who).get("/turniere/").content.decode()
    shown = {slug for slug in ("a1", "a2", "b1", "house") if f"/turniere/{slug}/" in page}
    assert shown == MAY_DIRECT[who]


CUP_PAGES = ["/cup/{c}/2026-27/import/", "/leitung/cup/{c}/schluessel/", "/cup/{c}/einstellungen/",
             "/cup/{c}/2026-27/regeln/"]
ORGANISES = {"super": {"cup-a", "cup-b"}, "organiser-a": {"cup-a"}, "organiser-b": {"cup-b"},
             "director-a1": set(), "staff": set()}


@pytest.mark.parametrize("who", list(ORGANISES))
def test_season_imports_and_tokens_only_for_the_cups_organisers(client, world, who):
    _tournaments, accounts = world
    client = _client(client, accounts, who)
    for cup in ("cup-a", "cup-b"):
        for page in CUP_PAGES:
            status = client.get(page.format(c=cup)).status_code
            assert status == (200 if cup in ORGANISES[who] else 404), (who, page.format(c=cup))
        made = client.post(f"/leitung/cup/{cup}/schluessel/", {"action": "create", "name": f"Ort {who}"})
        exists = PublishToken.objects.filter(cup__slug=cup, name=f"Ort {who}").exists()
        assert exists == (cup in ORGANISES[who]), (who, cup, made.status_code)


def test_an_organiser_revokes_a_token_of_the_own_cup_only(client, world):
    _tournaments, accounts = world
    client.force_login(accounts["organiser-b"])
    client.post("/leitung/cup/cup-b/schluessel/", {"action": "create", "name": "Gasthof"})
    own = PublishToken.objects.get(cup__slug="cup-b")
    client.force_login(accounts["organiser-a"])
    answer = client.post("/leitung/cup/cup-b/schluessel/", {"action": "revoke", "token": own.pk})
    own.refresh_from_db()
    assert answer.status_code == 404 and own.revoked_at is None
    client.force_login(accounts["organiser-b"])
    client.post("/leitung/cup/cup-b/schluessel/", {"action": "revoke", "token": own.pk})
    own.refresh_from_db()
    assert own.revoked_at is not None


def test_a_new_token_is_shown_once(client, world):
    _tournaments, accounts = world
    client.force_login(accounts["organiser-a"])
    page = client.post("/leitung/cup/cup-a/schluessel/", {"action": "create", "name": "Gasthof Post"}).content.decode()
    row = PublishToken.objects.get(cup__slug="cup-a")
    assert f"{row.prefix}." in page
    assert f"{row.prefix}." not in client.get("/leitung/cup/cup-a/schluessel/").content.decode()


@pytest.mark.parametrize("who", ["organiser-a", "director-a1", "staff"])
def test_only_an_administrator_merges_players(client, world, who):
    _tournaments, accounts = world
    assert _client(client, accounts, who).get("/leitung/spieler/zusammenfuehren/").status_code == 403
    assert _client(client, accounts, "super").get("/leitung/spieler/zusammenfuehren/").status_code == 200


def test_grant_role_gives_and_takes_back(world):
    tournaments, accounts = world
    user = accounts["staff"]
    call_command("grant_role", "staff", "--organiser", "cup-b", stdout=open("/dev/null", "w"))
    user = get_user_model().objects.get(pk=user.pk)
    assert user.has_perm("tournament.direct_tournament", tournaments["b1"])
    call_command("grant_role", "staff", "--organiser", "cup-b", "--revoke", stdout=open("/dev/null", "w"))
    user = get_user_model().objects.get(pk=user.pk)
    assert not user.has_perm("tournament.direct_tournament", tournaments["b1"])
    with pytest.raises(Exception, match="No account"):
        call_command("grant_role", "niemand", "--director", "a1")


def test_whoever_created_a_cup_tournament_directs_it(world):
    tournaments, accounts = world
    Tournament.objects.filter(pk=tournaments["b1"].pk).update(created_by=accounts["staff"])
    assert accounts["staff"].has_perm("tournament.direct_tournament", Tournament.objects.get(slug="b1"))
