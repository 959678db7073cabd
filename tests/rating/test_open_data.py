"""Open data (issue 33.5): JSON beside the season, cup, calendar and player pages, one OpenAPI description that
every answer fits, and frames allowed only to the origins a cup's organiser lists."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.utils import timezone

from rating import schema, services


@pytest.fixture
def season(season_of, finished):
    found = season_of("tirol", region="Tirol")
    finished(found, "t-1", day=date(2026, 10, 3), seed=1)
    finished(found, "t-2", day=date(2026, 11, 7), seed=2)
    services.rebuild()
    return found


def test_the_season_table_as_json_is_season_standings_json(client, season, capsys):
    import json

    from django.core.management import call_command

    answer = client.get("/cup/tirol/2026-27/?format=json")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    data = answer.json()
    assert {"cup", "season", "scheme", "counted", "tournaments", "rows"} <= set(data)
    assert (data["cup"], data["season"], data["tournaments"]) == ("tirol", "2026/27", 2)
    for row in data["rows"]:
        assert {"rank", "name", "club", "points", "results", "qualified"} <= set(row)
    call_command("season_standings", "tirol", "--json")
    assert json.loads(capsys.readouterr().out) == data
    schema.Season.model_validate(data)


def test_the_cup_and_the_calendar_as_json(client, season, make_tournament):
    from cups.services import add_tournament

    coming = make_tournament(players=4, slug="bald", seat=False)
    coming.date = timezone.localdate() + timedelta(days=10)
    coming.save(update_fields=["date"])
    add_tournament(season=season, tournament=coming)
    cup = client.get("/cup/tirol/?format=json").json()
    schema.Cup.model_validate(cup)
    assert cup["seasons"][0]["season"] == "2026/27" and cup["seasons"][0]["url"].endswith("/cup/tirol/2026-27/")
    for address in ("/kalender/?format=json", "/cup/tirol/kalender/?format=json"):
        calendar = client.get(address).json()
        schema.Calendar.model_validate(calendar)
        assert [t["slug"] for t in calendar["tournaments"]] == ["bald"]
        assert calendar["tournaments"][0]["cup"] == "tirol"


def test_every_json_address_fits_the_description(client, season):
    from tournament.models import Player, Tournament

    document = client.get("/api/schema.json").json()
    assert document["openapi"].startswith("3.") and document["info"]["version"] == schema.API_VERSION
    player = Player.objects.filter(rating__isnull=False).first()
    answers = {
        "/turnier/{slug}/standings.json": client.get(f"/turnier/{Tournament.objects.first().slug}/standings.json"),
        "/cup/{cup}/": client.get("/cup/tirol/?format=json"),
        "/cup/{cup}/{season}/": client.get("/cup/tirol/2026-27/?format=json"),
        "/kalender/": client.get("/kalender/?format=json"),
        "/rangliste/": client.get("/rangliste/?format=json"),
        "/spieler/{id}/": client.get(f"/spieler/{player.pk}/?format=json"),
    }
    models = {m.__name__: m for m in schema.MODELS}
    for path, answer in answers.items():
        assert answer.status_code == 200, path
        reference = document["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        name = reference.rsplit("/", 1)[1]
        assert name in document["components"]["schemas"]
        models[name].model_validate(answer.json())
    for path in ("/cup/{cup}/{season}/wertung/{sub}/", "/t/{token}/api/", "/t/{token}/api/hands/"):
        assert path in document["paths"]


def test_the_description_refuses_an_answer_of_another_shape():
    from pydantic import ValidationError

    with pytest.raises(ValidationError):
        schema.RatingList.model_validate({"as_of": None, "method": "x", "rows": [{"rank": 1, "name": "A"}]})


def csp(response) -> dict[str, str]:
    return {part.split(" ", 1)[0]: part.split(" ", 1)[1] for part in response["Content-Security-Policy"].split("; ")}


def test_the_embedded_standings_may_be_framed_only_by_the_listed_origins(client, season):
    from cups.models import Cup

    cup = Cup.objects.get(slug="tirol")
    assert csp(client.get("/einbetten/cup/tirol/"))["frame-ancestors"] == "'none'"
    services.set_frame_origins(cup=cup, text="https://www.tarockclub.at\n\nhttp://verein.example:8080/\n")
    for address in ("/einbetten/cup/tirol/", "/einbetten/cup/tirol/kalender/"):
        answer = client.get(address)
        assert answer.status_code == 200
        assert csp(answer)["frame-ancestors"] == "https://www.tarockclub.at http://verein.example:8080"
        assert csp(answer)["script-src"] == "'self'"
    # every other page keeps refusing frames, the cup's own page too
    for address in ("/cup/tirol/", "/cup/tirol/2026-27/", "/rangliste/", "/kalender/"):
        assert csp(client.get(address))["frame-ancestors"] == "'none'"
    # another cup's embed is not framed by this cup's origins
    from cups.services import create_cup, create_season

    create_season(cup=create_cup(name="Cup Wien", slug="wien", scheme="fixed"), label="2026/27")
    assert csp(client.get("/einbetten/cup/wien/"))["frame-ancestors"] == "'none'"


@pytest.mark.parametrize("text", ["*", "https://*.club.at", "https://club.at/seite", "'self'", "https://a.at; script-src *",
                                  "ftp://a.at", "club.at"])
def test_a_wildcard_or_anything_but_an_origin_is_refused_and_nothing_stored(season, text):
    from cups.models import Cup
    from language import ServiceError
    from rating.models import FrameOrigins

    cup = Cup.objects.get(slug="tirol")
    with pytest.raises(ServiceError) as refused:
        services.set_frame_origins(cup=cup, text=f"https://ok.at\n{text}")
    assert "Zeile 2" in refused.value.message_de and "Line 2" in refused.value.message_en
    assert not FrameOrigins.objects.exists()


def test_the_cups_organiser_lists_the_origins_and_another_organiser_cannot(client, season, django_user_model):
    from guardian.shortcuts import assign_perm

    from cups.models import Cup

    cup = Cup.objects.get(slug="tirol")
    organiser = django_user_model.objects.create_user("orga", password="x", is_staff=True)
    stranger = django_user_model.objects.create_user("fremd", password="x", is_staff=True)
    assign_perm("cups.manage_cup", organiser, cup)
    client.force_login(stranger)
    assert client.get("/leitung/cup/tirol/einbetten/").status_code == 404
    client.force_login(organiser)
    refused = client.post("/leitung/cup/tirol/einbetten/", {"origins": "*"})
    assert refused.status_code == 422 and "keine Website-Adresse" in refused.content.decode()
    assert client.post("/leitung/cup/tirol/einbetten/", {"origins": "https://www.tarockclub.at"}).status_code == 302
    assert csp(client.get("/einbetten/cup/tirol/"))["frame-ancestors"] == "https://www.tarockclub.at"


def test_the_small_middleware_of_django_5_2_sends_a_views_own_policy_too(settings):
    from django.http import HttpResponse

    from hall.csp import POLICY, ContentSecurityPolicyMiddleware, framed_by

    settings.SECURE_CSP = POLICY
    framed = HttpResponse("x")
    framed._csp_config = framed_by(["https://www.tarockclub.at", "*"])
    assert "frame-ancestors https://www.tarockclub.at;" in ContentSecurityPolicyMiddleware(lambda r: framed)(None)[
        "Content-Security-Policy"]
    plain = ContentSecurityPolicyMiddleware(lambda r: HttpResponse("y"))(None)
    assert "frame-ancestors 'none'" in plain["Content-Security-Policy"]
