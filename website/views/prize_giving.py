"""The prize-giving: a finished tournament's final state as the director reads it out in the hall (and the
projector shows it): the prizes from the last place paid up to the winner, then the final standings."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from scoring import selectors as scoring_selectors
from tournament import selectors
from tournament.models import Tournament


@require_safe
def prize_giving(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    ranked = scoring_selectors.ranked_rows(tournament)  # the unranked (never played) win no prize either
    prizes = scoring_selectors.prizes(tournament, ranked)
    return render(request, "tournament/prize_giving.html", {
        "tournament": tournament, "finished": selectors.is_finished(tournament),
        "closed_round": selectors.last_closed_round_number(tournament),
        "prizes_read_out": list(reversed(prizes.paid)), "ranked": ranked})
