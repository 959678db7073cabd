"""Keep the stored euros right when a director changes a tournament's stake or charity box.

Hands fix their euros when stored (scoring.scored.score_rows). A tournament's stake and charity box
can still be changed afterwards (the admin), and the tournament core may not reach into hands: it
announces the change (ChangeKind.MONEY on tournament.events.tournament_changed) and scoring prices the
hands again.
"""

from __future__ import annotations

from django.dispatch import receiver

from tournament.events import ChangeKind, TournamentChange, tournament_changed
from tournament.models import Tournament


@receiver(tournament_changed, dispatch_uid="scoring.reprice")
def reprice_when_money_settings_change(sender, change: TournamentChange, **details) -> None:
    if ChangeKind.MONEY not in change.kinds:
        return
    from scoring.services import reprice

    tournament = Tournament.objects.filter(pk=change.tournament_id).first()
    if tournament is not None:
        reprice(tournament=tournament)
