"""Keep the stored euros right when a director changes a tournament's stake or charity box.

Hands fix their euros when stored (scoring.scored.score_rows). A tournament's stake and charity box
can still be changed afterwards (the admin), and the tournament core may not reach into hands: it
announces the change (tournament.events.money_settings_changed) and scoring prices the hands again.
"""

from __future__ import annotations

from django.dispatch import receiver

from tournament.events import money_settings_changed
from tournament.models import Tournament


@receiver(money_settings_changed, dispatch_uid="scoring.reprice")
def reprice_when_money_settings_change(sender, tournament_id: int, **details) -> None:
    from scoring.services import reprice

    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is not None:
        reprice(tournament=tournament)
