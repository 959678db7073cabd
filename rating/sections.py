"""The player's page (cups' /spieler/<id>/) shows the Österreich-Rangliste's part: registered here when Django
loads the app (cups/player_sections.py), page and ``?format=json`` alike."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse

from cups.player_sections import Section, register
from rating import selectors
from rating.chart import history_chart


def rating_html(request, player) -> str:
    rating = selectors.player_rating(player)
    return render_to_string("rating/_player_rating.html", {
        "rating": rating, "run": selectors.latest_run() if rating else None, "list_url": reverse("rating:list"),
        "chart": history_chart(rating.history) if rating else None}, request=request)


def rating_data(request, player) -> dict:
    rating = selectors.player_rating(player)
    if rating is None:
        return {"rating": None}
    run = selectors.latest_run()
    return {"rating": {
        "rank": rating.rank, "rating": rating.value, "mu": rating.mu, "sigma": rating.sigma,
        "tournaments": rating.tournaments, "as_of": run.as_of.isoformat() if run and run.as_of else None,
        "method": run.method if run else "",
        "history": [{"date": day, "tournament": name, "rank": rank, "players": field, "rating": value}
                    for day, name, rank, field, value in rating.history]}}


register(Section("rating", rating_html, rating_data))
