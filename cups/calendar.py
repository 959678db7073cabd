"""The calendar: upcoming tournaments per cup and across cups, as pages and as iCalendar feeds (RFC 5545)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import QuerySet
from django.utils import timezone
from icalendar import Calendar, Event

from cups.models import Cup
from tournament.models import Tournament
from tournament.selectors import is_finished
from web import links

# A feed keeps a tournament for a month after its day, so a calendar that synchronises seldom still
# shows the event it just went to; the pages list only what is still to come.
FEED_KEEPS_DAYS = 30


@dataclass(frozen=True)
class Upcoming:
    tournament: Tournament
    cup: Cup | None


def _dated(queryset: QuerySet[Tournament], since: date) -> list[Upcoming]:
    rows = queryset.filter(date__gte=since).select_related("cup_season__season__cup").order_by("date", "name")
    return [Upcoming(t, t.cup_season.season.cup if hasattr(t, "cup_season") else None) for t in rows]


def upcoming(cup: Cup | None = None, *, today: date | None = None, keep_days: int = 0) -> list[Upcoming]:
    """Tournaments from ``today`` (minus ``keep_days``) on, of ``cup`` or of the whole site (one query)."""
    since = (today or timezone.localdate()) - timedelta(days=keep_days)
    queryset = Tournament.objects.all() if cup is None else Tournament.objects.filter(cup_season__season__cup=cup)
    return _dated(queryset, since)


def next_tournament(cup: Cup, *, today: date | None = None) -> Tournament | None:
    """The cup's next tournament: today's while it is not over, else the first one after today."""
    return next((item.tournament for item in upcoming(cup, today=today) if not is_finished(item.tournament)), None)


def ical_feed(events: list[Upcoming], *, name: str, absolute_url, host: str) -> bytes:
    """An iCalendar document of whole-day events; ``absolute_url(path)`` makes the links absolute."""
    calendar = Calendar()
    calendar.add("prodid", "-//Tarock-Turniere//Kalender//DE")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    stamp = timezone.now()
    for item in events:
        tournament = item.tournament
        event = Event()
        # Stable across feeds and re-exports: the same tournament stays the same calendar entry.
        event.add("uid", f"turnier-{tournament.pk}-{int(tournament.created_at.timestamp())}@{host}")
        event.add("dtstamp", stamp)
        event.add("dtstart", tournament.date)
        if tournament.date < date.max:  # an all-day event without an end is one day long (RFC 5545 3.6.1)
            event.add("dtend", tournament.date + timedelta(days=1))
        event.add("summary", tournament.name)
        if tournament.venue:
            event.add("location", tournament.venue)
        url = absolute_url(links.url("standings", tournament.slug))
        event.add("url", url)
        details = [item.cup.name] if item.cup else []
        details += [tournament.ruleset_label, url]
        event.add("description", "\n".join(details))
        calendar.add_component(event)
    return calendar.to_ical()


def as_json(events: list[Upcoming], *, absolute_url) -> list[dict]:
    """The coming tournaments as open data (``/kalender/?format=json``); ``absolute_url(path)`` makes links absolute."""
    rows = []
    for item in events:
        tournament = item.tournament
        registration = getattr(tournament, "registration", None)  # signup's one-to-one, when sign-up was set up
        rows.append({
            "slug": tournament.slug, "name": tournament.name, "date": tournament.date.isoformat(),
            "venue": tournament.venue, "cup": item.cup.slug if item.cup else None,
            "url": absolute_url(links.url("standings", tournament.slug)),
            "signup_url": absolute_url(links.url("sign_up", tournament.slug))
            if registration is not None and registration.is_open else None,
        })
    return rows
