"""django-tables2 tables for every list a director or player sees (sorting); a list's download is its
exporter's (paper/registry.py), not the HTML table's. They link to the pages of the `tournament:` and
`scoring:` URL names, so they live here with website/urls.py (paging: web/tables.py)."""

from __future__ import annotations

import html
from decimal import Decimal

import django_tables2 as tables
from django.urls import reverse
from django.utils import numberformat
from django.utils.formats import get_format, localize
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext, pgettext_lazy

from tournament.models import REASON_MAX, Entry, Tournament
from web.tables import STATUS_NOTES


class TournamentTable(tables.Table):
    name = tables.Column(verbose_name=_("Turnier"), linkify=lambda record: reverse("tournament:detail", args=[record.slug]))
    date = tables.DateColumn(verbose_name=_("Datum"), format="d.m.Y")
    venue = tables.Column(verbose_name=_("Ort"))
    ruleset_slug = tables.Column(verbose_name=_("Regelwerk"))
    entries = tables.Column(verbose_name=_("Spieler"), accessor="entry_count", orderable=True)

    class Meta:
        model = Tournament
        fields = ("name", "date", "venue", "ruleset_slug")
        sequence = ("name", "date", "venue", "ruleset_slug", "entries")
        attrs = {"class": "list"}

    def render_ruleset_slug(self, record: Tournament) -> str:
        """The rule set by its name ("Tiroler Tarockcup"), never its slug (the tournament's frozen copy)."""
        return record.ruleset.name


class EntryTable(tables.Table):
    name = tables.Column(verbose_name=_("Name"), accessor="player__name")
    club = tables.Column(verbose_name=_("Verein"), accessor="player__club")
    region = tables.Column(verbose_name=_("Region"), accessor="player__region")
    checked_in = tables.TemplateColumn(
        verbose_name=_("anwesend"),
        template_code=(
            '{% load i18n %}<form method="post" action="{% url \'tournament:check_in\' record.tournament.slug record.pk %}">'
            '{% csrf_token %}'
            '<input type="hidden" name="checked_in" value="{{ record.checked_in|yesno:\'0,1\' }}">'
            '<button class="chip small{% if record.checked_in %} on{% endif %}" type="submit">'
            '{% if record.checked_in %}{% translate "ja" %}{% else %}{% translate "nein" %}{% endif %}</button></form>'
        ),
    )
    withdrawn_after_round = tables.TemplateColumn(
        verbose_name=_("ausgeschieden nach Runde"),
        template_code=(
            '{% load i18n %}<form class="withdraw" method="post" '
            'action="{% url \'tournament:withdraw\' record.tournament.slug record.pk %}">{% csrf_token %}'
            '<input type="number" name="after_round" min="0" max="99" inputmode="numeric" '
            'value="{{ record.withdrawn_after_round|default_if_none:\'\' }}" '
            'aria-label="{% blocktranslate with name=record.player.name %}{{ name }} ausgeschieden nach Runde'
            '{% endblocktranslate %}">'
            '<button class="chip small" type="submit">{% translate "speichern" %}</button></form>'
        ),
    )
    lot = tables.Column(verbose_name=_("Los"), default="")

    class Meta:
        model = Entry
        fields = ("name", "club", "region", "checked_in", "withdrawn_after_round", "lot")
        attrs = {"class": "list"}
        order_by = ("name",)


def _localizer():
    """django.utils.formats.localize with the active language's number formats looked up once: a page
    of 100 standings rows localizes 1,100 values, and each lookup cost more than the formatting."""
    decimal_sep, grouping, thousand_sep = (get_format(name) for name in
                                           ("DECIMAL_SEPARATOR", "NUMBER_GROUPING", "THOUSAND_SEPARATOR"))

    def text(value):
        if isinstance(value, (Decimal, float, int)) and not isinstance(value, bool):
            return numberformat.format(value, decimal_sep, None, grouping, thousand_sep, use_l10n=True)
        return localize(value)

    return text


class StandingsTable(tables.Table):
    """Standings rows (dicts from scoring.selectors.standings_table); round and tie-break columns are
    added per tournament. A withdrawn player keeps the rank and is marked; one who never played is
    listed last without a rank."""

    rank = tables.Column(verbose_name=_("Rang"), attrs={"td": {"class": "num"}})
    name = tables.Column(verbose_name=_("Name"), linkify=lambda record, table: reverse(
        "tournament:player", args=[table.tournament.slug, record["entry_id"]]), attrs={"td": {"class": "name"}})
    club = tables.Column(verbose_name=_("Verein"))

    class Meta:
        attrs = {"class": "list standings"}
        row_attrs = {"class": lambda record: f"status-{record['status']}"}
        orderable = False
        # django-tables2's own template, with the body from body_html (its cells cost 100 ms a page of 100)
        template_name = "tournament/_standings_table.html"

    def body_html(self) -> str:
        """The page's rows as django-tables2's template renders them (row classes, each column's td
        attributes, its default for an empty value, localized numbers, the linked name), written in one
        pass instead of through its cell machinery (tests/website/test_standings_body.py compares them)."""
        columns = [(column.name, column.attrs["td"].as_html(), column.column.empty_values, column.default)
                   for column in self.columns]
        text = _localizer()
        # The player page's address, reversed once: the entry id is its last part (website/urls.py).
        before, _zero, after = reverse("tournament:player", args=[self.tournament.slug, 0]).rpartition("/0/")
        rows = []
        for index, row in enumerate(self.paginated_rows):
            record, cells = row.record, []
            for name, attrs, empty, default in columns:
                value = record.get(name, "")
                if name == "name":
                    value = format_html('<a href="{}/{}/{}">{}</a>', before, record["entry_id"], after,
                                        self.render_name(value, record))
                elif value in empty:
                    value = default
                shown = text(value)
                # conditional_escape without its lazy-string wrapper: 1,100 cells a page
                cells.append(f"<td {attrs}>{shown if hasattr(shown, '__html__') else html.escape(str(shown))}</td>")
            rows.append(format_html('<tr class="status-{} {}">{}</tr>', record["status"], "odd" if index % 2 else "even",
                                    mark_safe("".join(cells))))  # noqa: S308 - attrs are django-tables2's, values escaped
        return mark_safe("".join(rows))  # noqa: S308 - every part escaped by format_html

    def render_name(self, value, record):
        note = STATUS_NOTES.get(record["status"])
        shown = format_html("{} <small class=\"status-note\">{}</small>", value, note) if note else value
        if record.get("byes"):  # rounds sat out because the count fitted no tables
            shown = format_html("{} <small class=\"bye-note\">{}</small>", shown,
                                ngettext("%(n)s× Freilos", "%(n)s× Freilos", record["byes"]) % {"n": record["byes"]})
        return shown


# The texts of the template columns above and below, for makemessages (it reads no template code in Python).
TEMPLATE_TEXTS = (
    gettext_noop("ja"), gettext_noop("nein"), gettext_noop("speichern"), gettext_noop("%(name)s ausgeschieden nach Runde"),
    gettext_noop("beendet"), gettext_noop("vor %(m)s min"), gettext_noop("ansehen"), gettext_noop("Scorer-Link"),
    gettext_noop("bestätigt"), gettext_noop("neuer Link"),
    gettext_noop("Neuen Scorer-Link für diesen Tisch? Der alte gilt sofort nicht mehr."),
    gettext_noop("Spiel an diesem Tisch beenden?"), gettext_noop("Begründung"), gettext_noop("beenden"),
    gettext_noop("noch keines (%(m)s min)"), gettext_noop("ruht"),
)

def _row_class(record) -> str:
    table = record.table
    if table.confirmed_at:
        return "done"
    return "late" if record.idle else ""


class ProgressTable(tables.Table):
    """The director's board of a round: one row per table (rows are selectors.TableProgress)."""

    number = tables.Column(verbose_name=_("Tisch"), accessor="table__number", attrs={"td": {"class": "num"}})
    players = tables.Column(verbose_name=_("Spieler (Sitzfolge, erster Geber zuerst)"), orderable=False)
    entered = tables.TemplateColumn(
        verbose_name=pgettext_lazy("hands of a table", "Spiele"), attrs={"td": {"class": "num"}},
        template_code=('{% load i18n %}{{ record.entered }} / {{ record.table.hands_planned }}'
                       '{% if record.table.ended_early %} ({% translate "beendet" %}){% endif %}'),
    )
    minutes_idle = tables.TemplateColumn(
        verbose_name=_("letzter Eintrag"),
        template_code=('{% load i18n %}{% if record.last_entry %}{% blocktranslate with m=record.minutes_idle %}'
                       'vor {{ m }} min{% endblocktranslate %}{% elif record.table.is_playing %}'
                       '{% blocktranslate with m=record.minutes_idle %}noch keines ({{ m }} min){% endblocktranslate %}'
                       '{% else %}–{% endif %}{% if record.idle %} <strong class="idle-badge">'
                       '{% translate "ruht" %}</strong>{% endif %}'),
    )
    links = tables.TemplateColumn(
        verbose_name=_("Zettel"), orderable=False, attrs={"td": {"class": "links"}},
        template_code=(
            '{% load i18n %}<a href="{% url \'scoring:director_sheet\' record.table.pk %}">{% translate "ansehen" %}</a> · '
            '<a href="{% url \'scoring:sheet\' record.table.token %}" rel="nofollow">{% translate "Scorer-Link" %}</a>'
            '{% if record.table.confirmed_at %} <span class="confirmed" title="{% translate "bestätigt" %}">✓</span>{% endif %}'
            '<br><form method="post" action="{% url \'tournament:rotate_links\' record.table.round.tournament.slug '
            'record.table.round.number %}" '
            'data-confirm="{% translate "Neuen Scorer-Link für diesen Tisch? Der alte gilt sofort nicht mehr." %}">'
            '{% csrf_token %}'
            '<input type="hidden" name="table" value="{{ record.table.pk }}">'
            '<button class="chip small" type="submit">{% translate "neuer Link" %}</button></form>'
        ),
    )
    # A published copy on the cup's site: the sheet to read, no scorer links (they are the venue's) and no ending.
    sheet = tables.TemplateColumn(
        verbose_name=_("Zettel"), orderable=False, attrs={"td": {"class": "links"}},
        template_code=(
            '{% load i18n %}<a href="{% url \'scoring:director_sheet\' record.table.pk %}">{% translate "ansehen" %}</a>'
            '{% if record.table.confirmed_at %} <span class="confirmed" title="{% translate "bestätigt" %}">✓</span>{% endif %}'
        ),
    )
    end = tables.TemplateColumn(
        verbose_name="", orderable=False, attrs={"td": {"class": "end"}},
        template_code=(
            '{% load i18n %}{% if record.table.is_playing %}'
            '<form class="end" method="post" action="{% url \'tournament:end_table\' record.table.round.tournament.slug '
            'record.table.round.number record.table.pk %}" '
            'data-confirm="{% translate "Spiel an diesem Tisch beenden?" %}">'
            f'{{% csrf_token %}}<input type="text" name="reason" required maxlength="{REASON_MAX}" '
            'aria-label="{% translate "Begründung" %}" placeholder="{% translate "Begründung" %}">'
            '<button class="chip small warn" type="submit">{% translate "beenden" %}</button></form>{% endif %}'
        ),
    )

    class Meta:
        attrs = {"class": "list progress"}
        row_attrs = {"class": _row_class}
        empty_text = _("Noch nicht gesetzt.")

    def __init__(self, *args, venue_actions: bool = True, **kwargs):
        """``venue_actions``: the scorer links and ending a table (False on a copy published to the cup's site)."""
        super().__init__(*args, exclude=("sheet",) if venue_actions else ("links", "end"), **kwargs)

    def render_number(self, record, value):
        return f"{value}*" if record.five else value

    def render_players(self, value):
        return ", ".join(value)
