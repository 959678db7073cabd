"""The venue's publishing settings (written here; the hub's writes are publishing/hub/receive.py and hub/tokens.py)."""

from __future__ import annotations

from publishing.models import PublishTarget
from publishing.venue import auto
from tournament import live
from tournament.models import Tournament
from tournament.services import renew_incarnations


@live.write_service(changes=live.NO_TOURNAMENT)
def set_target(*, tournament: Tournament, url: str, token: str, after_each_round: bool = True,
               while_playing: bool = False) -> PublishTarget:
    target, _created = PublishTarget.objects.update_or_create(tournament=tournament, defaults={
        "url": url.strip(), "token": token.strip(), "after_each_round": after_each_round,
        "while_playing": while_playing})
    return target


@live.write_service(changes=live.NO_TOURNAMENT)
def clear_target(*, tournament: Tournament) -> None:
    PublishTarget.objects.filter(tournament=tournament).delete()


def publish_as_new_state(*, tournament: Tournament) -> bool:
    """The director says this laptop's state is the truth although the cup's site holds a later one (a
    database copied back by hand): under the claim of "publish now" (auto.publish_now), a new incarnation
    (its own transaction, written before anything is sent), then publishing in a thread of its own. False,
    nothing renewed, while another publication runs."""
    return auto.publish_now(tournament.pk, first=lambda: renew_incarnations(tournament=tournament))
