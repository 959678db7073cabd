from django import template
from django.utils import timezone
from django.utils.translation import gettext

from publishing.hub.selectors import hub_copy
from tournament.selectors import is_finished

register = template.Library()


@register.simple_tag
def published_as_of(tournament) -> str:
    """"Stand nach Runde 2, 15:42": how new a published tournament's copy on the cup's site is (the
    venue's time of the state sent); "Endstand" once the tournament is over (its last round closed), on
    the cup's site and on the venue's own pages; else nothing for a tournament of this site's own."""
    copy = hub_copy(tournament)
    finished = is_finished(tournament)
    if copy is None:
        return gettext("Endstand") if finished else ""
    at = timezone.localtime(copy.sent_at).strftime("%H:%M")
    if finished:
        return gettext("Endstand, %(time)s") % {"time": at}
    if copy.last_closed_round:
        return gettext("Stand nach Runde %(round)s, %(time)s") % {"round": copy.last_closed_round, "time": at}
    return gettext("Stand vor Ende der 1. Runde, %(time)s") % {"time": at}
