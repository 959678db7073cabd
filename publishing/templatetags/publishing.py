from django import template
from django.utils import timezone
from django.utils.translation import gettext

from publishing.hub.selectors import hub_copy

register = template.Library()


@register.simple_tag
def published_as_of(tournament) -> str:
    """"Stand nach Runde 2, 15:42": how new a published tournament's copy on the cup's site is (the
    venue's time of the state sent); nothing for a tournament of this site's own."""
    copy = hub_copy(tournament)
    if copy is None:
        return ""
    at = timezone.localtime(copy.sent_at).strftime("%H:%M")
    if copy.last_closed_round:
        return gettext("Stand nach Runde %(round)s, %(time)s") % {"round": copy.last_closed_round, "time": at}
    return gettext("Stand vor Ende der 1. Runde, %(time)s") % {"time": at}
