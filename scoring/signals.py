"""Keep the stored euros right when a director changes a tournament's stake or charity box.

Hands fix their euros when stored (scoring.services.score_rows). A tournament's stake and charity box
can still be edited afterwards (the admin), and the tournament core may not reach into hands: so
scoring watches its saves and prices the hands again when either money setting changed.
"""

from __future__ import annotations

from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

from tournament.models import Tournament


def _money_settings(tournament: Tournament) -> tuple[int, bool]:
    return tournament.stake_cents, tournament.kontra_to_charity


@receiver(pre_save, sender=Tournament, dispatch_uid="scoring.money_before")
def remember_money_settings(sender, instance: Tournament, **kwargs) -> None:
    before = Tournament.objects.filter(pk=instance.pk).values_list("stake_cents", "kontra_to_charity").first() \
        if instance.pk else None
    instance._money_before = before


@receiver(post_save, sender=Tournament, dispatch_uid="scoring.reprice")
def reprice_when_money_settings_change(sender, instance: Tournament, created: bool, **kwargs) -> None:
    before = getattr(instance, "_money_before", None)
    if not created and before is not None and tuple(before) != _money_settings(instance):
        from scoring.services import reprice

        reprice(tournament=instance)
