"""The calendar: upcoming tournaments per cup and across cups, as pages and as iCalendar feeds (RFC 5545)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar, Event

from cups.models import Cup, CupDate
from tournament.models import Tournament
from tournament.selectors import is_finished
from web import links

# A feed keeps a tournament for a month after its day, so a calendar that synchronises seldom still
# shows the event it just went to; the pages list only what is still to come.
FEED_KEEPS_DAYS = 30


@dataclass(frozen=True)
class Upcoming:
    """A coming tournament of the site, or a date of a cup with no tournament here yet (``date``: a CupDate,
    ABAKUS's TERMINE)."""

    tournament: Tournament | None
    cup: Cup | None
    date: CupDate | None = None

    @property
    def day(self):
        return self.tournament.date if self.tournament is not None else self.date.date

    @property
    def name(self) -> str:
        return self.tournament.name if self.tournament is not None else (self.date.name or self.cup.name)

    @property
    def venue(self) -> str:
        return self.tournament.venue if self.tournament is not None else ""


def _dated(queryset: QuerySet[Tournament], since: date) -> list[Upcoming]:
    rows = queryset.filter(date__gte=since).select_related("cup_season__season__cup").order_by("date", "name")
    return [Upcoming(t, t.cup_season.season.cup if hasattr(t, "cup_season") else None) for t in rows]


def _is_coming(item: Upcoming) -> bool:
    """"Coming" means not over yet: today's tournament leaves the calendar and the cup page once it is finished."""
    return not is_finished(item.tournament)


def upcoming(cup: Cup | None = None, *, today: date | None = None, keep_days: int = 0) -> list[Upcoming]:
    """Tournaments from ``today`` (minus ``keep_days``) on, of ``cup`` or of the whole site, and the cups' dates
    on days their cup holds no tournament here. Without ``keep_days`` (the pages) only the coming ones; the feed
    keeps the finished ones of its month."""
    since = (today or timezone.localdate()) - timedelta(days=keep_days)
    queryset = Tournament.objects.all() if cup is None else Tournament.objects.filter(cup_season__season__cup=cup)
    held = _dated(queryset, since)
    taken = {(item.cup.pk, item.day) for item in held if item.cup is not None}  # a finished one still holds its day
    if not keep_days:
        held = [item for item in held if _is_coming(item)]
    dates = CupDate.objects.filter(date__gte=since).select_related("cup")
    if cup is not None:
        dates = dates.filter(cup=cup)
    held += [Upcoming(None, d.cup, d) for d in dates if (d.cup_id, d.date) not in taken]
    return sorted(held, key=lambda item: (item.day, item.name))


def next_tournament(cup: Cup, *, today: date | None = None) -> Tournament | None:
    """The cup's next tournament: today's while it is not over, else the first one after today."""
    since = today or timezone.localdate()
    return next((item.tournament for item in _dated(Tournament.objects.filter(cup_season__season__cup=cup), since)
                 if _is_coming(item)), None)


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
        # Stable across feeds and re-exports: the same tournament (or cup date) stays the same calendar entry.
        event.add("uid", f"turnier-{tournament.pk}-{int(tournament.created_at.timestamp())}@{host}" if tournament
                  else f"termin-{item.date.pk}@{host}")
        event.add("dtstamp", stamp)
        event.add("dtstart", item.day)
        if item.day < date.max:  # an all-day event without an end is one day long (RFC 5545 3.6.1)
            event.add("dtend", item.day + timedelta(days=1))
        event.add("summary", item.name)
        if item.venue:
            event.add("location", item.venue)
        url = absolute_url(links.url("standings", tournament.slug) if tournament else reverse("cups:cup", args=[item.cup.slug]))
        event.add("url", url)
        details = [item.cup.name] if item.cup else []
        details += [tournament.ruleset_label] if tournament else [item.date.begins] if item.date.begins else []
        event.add("description", "\n".join([*details, url]))
        calendar.add_component(event)
    return calendar.to_ical()


def as_json(events: list[Upcoming], *, absolute_url) -> list[dict]:
    """The coming tournaments as open data (``/kalender/?format=json``); ``absolute_url(path)`` makes links absolute."""
    rows = []
    for item in events:
        tournament = item.tournament
        if tournament is None:  # a cup's date (ABAKUS's TERMINE): no tournament page yet, the cup's instead
            rows.append({"slug": None, "name": item.name, "date": item.day.isoformat(), "venue": "",
                         "cup": item.cup.slug, "url": absolute_url(reverse("cups:cup", args=[item.cup.slug])),
                         "signup_url": None, "begins": item.date.begins})
            continue
        registration = getattr(tournament, "registration", None)  # signup's one-to-one, when sign-up was set up
        rows.append({
            "slug": tournament.slug, "name": tournament.name, "date": tournament.date.isoformat(),
            "venue": tournament.venue, "cup": item.cup.slug if item.cup else None,
            "url": absolute_url(links.url("standings", tournament.slug)),
            "signup_url": absolute_url(links.url("sign_up", tournament.slug))
            if registration is not None and registration.is_open else None,
            "begins": None,
        })
    return rows
