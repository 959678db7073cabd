"""The home page and the tariff pages render what the rule-set data says."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from rules.rulesets import BUILTIN


@pytest.mark.django_db
def test_home_lists_every_rule_set_with_its_contract_values(client):
    response = client.get(reverse("rules:home"))
    assert response.status_code == 200
    html = response.content.decode()
    for rs in BUILTIN.values():
        assert rs.name in html
        assert reverse("rules:ruleset", args=[rs.slug]) in html
    assert "Solodreier <b class=\"num\">10</b>" in html  # Tirol's table row, from the data


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(BUILTIN))
def test_tariff_page_shows_values_and_quotes(client, slug):
    rs = BUILTIN[slug]
    html = client.get(reverse("rules:ruleset", args=[slug])).content.decode()
    for bonus in rs.bonuses:
        assert escape(bonus.name) in html
    for item in rs.interpretations:
        assert escape(item.topic) in html


@pytest.mark.django_db
def test_unknown_rule_set_page_is_404(client):
    assert client.get("/regeln/wien/").status_code == 404


@pytest.mark.django_db
def test_pages_speak_german_first_and_english_on_request(client):
    assert "Regelwerke" in client.get(reverse("rules:home"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get(reverse("rules:home")).content.decode()
    assert "Rule sets" in html and "Every tournament is scored" in html
