"""Importing an ABAKUS export (cups/abakus.py reads it): cups, their seasons with ABAKUS's rules for each
(cups/abakus_rules.py), past tournaments as imported results (the results-only tournaments of
cups/imports.py: ImportedResult, with rounds, final flag, team and organiser), players matched or created
with their ABAKUS number (cups.models.AbakusNumber).

All or nothing: the file is read and checked whole before anything is written, and everything is written
in one transaction. A tournament is what ABAKUS keys it by: the cup and the date (``/00/<nnn>/<date>``).
Importing the same file again changes nothing; importing a changed one (a tournament renamed, a round
corrected, a player added or missing, a new spelling for a number) takes each difference and names it in
the report (cups/abakus_report.py): never a second tournament for the same date, never a silent skip.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from itertools import batched

from django.db import connection
from django.db.models import TextField
from django.db.models.functions import Cast
from django.utils.text import slugify
from django.utils.translation import gettext_lazy

from cups.abakus import AbakusCup, AbakusData, AbakusPlayer, AbakusTournament, read_export
from cups.abakus_report import AbakusReport
from cups.abakus_rules import scheme_for
from cups.models import AbakusNumber, Cup, CupDate, ImportedResult, Season, season_slug
from cups.selectors import current_summaries
from cups.services import create_cup, create_season
from language import ServiceError
from tournament import live
from tournament.copies import insert_rows
from tournament.models import Player
from tournament.players import clean_fields, identity, known_players, unsaved_player

Progress = Callable[[int, int], None]
SEASON_LABEL_MAX = Season._meta.get_field("label").max_length
# REGELN -> the rule set of this site that plays them (rules/rulesets/: ooe, tirol2020, sauwald)
RULESETS = {"Ooe.": "ooe", "Ti.": "tirol2020", "Tir.": "tirol2020"}
RULESET_OF_CUP = {"053": "sauwald"}  # the Sauwald cup's own rules (rules/rulesets/sauwald.py)

__all__ = ["AbakusReport", "import_abakus"]


def _player_fields(person: AbakusPlayer) -> tuple[str, str]:
    name, club, _region = clean_fields(name=person.name, club=person.place)
    return name, club


def _check(data: AbakusData) -> dict[str, tuple[str, str]]:
    """Every player's name and club as stored, and every season label, checked before anything is written."""
    fields = {}
    for key, person in data.players.items():
        try:
            fields[key] = _player_fields(person)
        except ServiceError as error:
            raise ServiceError(gettext_lazy("ABAKUS-Spieler %(key)s: %(problem)s"), key=key[:30], problem=error.said) from None
    for cup in data.cups:
        for t in cup.tournaments:
            if len(t.season) > SEASON_LABEL_MAX:
                raise ServiceError(gettext_lazy(
                    "%(cup)s, %(day)s: die Saison „%(season)s“ ist länger als %(most)s Zeichen."),
                        cup=cup.name, day=t.day, season=t.season[:30], most=SEASON_LABEL_MAX)
            if not season_slug(t.season):  # its page needs an address: "★" has none
                raise ServiceError(gettext_lazy(
                    "%(cup)s, %(day)s: die Saison „%(season)s“ hat keine Buchstaben oder Ziffern (etwa 2023/24)."),
                        cup=cup.name, day=t.day, season=t.season[:30])
    return fields


def _slug(cup: AbakusCup) -> str:
    return slugify(cup.name)[:50] or f"abakus-{cup.number}"


def _players(data: AbakusData, fields: dict[str, tuple[str, str]], report: AbakusReport,
             tick: Callable[[], None]) -> dict[str, Player]:
    numbers = {p.number for p in data.players.values() if p.number}
    links = {link.number: link for link in AbakusNumber.objects.filter(number__in=numbers).select_related("player")}
    # Only a player no number links yet is looked for by name (a second import finds everyone by number).
    known = known_players(fields[key] for key, person in data.players.items()
                          if key not in data.aliases and not (person.number and person.number in links))
    result: dict[str, Player] = {}
    new_links, renamed, deceased, created = [], [], [], []
    for key, person in sorted(data.players.items()):
        if key in data.aliases:  # a guest who is a numbered player: his rows go to that player (below)
            tick()
            continue
        name, club = fields[key]
        link = links.get(person.number) if person.number else None
        player = link.player if link else None
        if player is None:
            person_key = identity(name, club)
            player = known.get(person_key)
            if player is None:  # a namesake of another club is another player (tournament/players.py)
                player = known[person_key] = unsaved_player(name, club)  # stored in one bulk write below
                created.append(player)
                report.players_created += 1
            else:
                report.players_matched += 1
            if person.number:
                new_links.append((person.number, player, person.deceased))
        else:
            report.players_matched += 1
            if player.name != name:  # ABAKUS spells the number anew: take it, say so
                report.note(gettext_lazy("Nr. %(number)s heißt in ABAKUS jetzt „%(new)s“ (bisher „%(old)s“): übernommen."),
                            number=person.number, new=name, old=player.name)
                player.name = name
                renamed.append(player)
            if link.deceased != person.deceased:
                link.deceased = person.deceased
                deceased.append(link)
        result[key] = player
        tick()
    Player.objects.bulk_create(created, batch_size=2000)  # primary keys set: the links below take them
    for player in renamed:
        player.save()  # its save() keys the new name (tournament/players.py decides who is who)
    AbakusNumber.objects.bulk_update(deceased, ["deceased"])
    # Plain rows (3,000 AbakusNumber instances through bulk_create were a tenth of a first import).
    insert_rows(AbakusNumber, ["number", "player", "deceased"], [(n, p.pk, dead) for n, p, dead in new_links])
    for guest, number in sorted(data.aliases.items()):
        result[guest] = result[number]
        report.note(gettext_lazy("Gast „%(guest)s“ ist Nr. %(number)s (%(name)s): zusammen gewertet."),
                    guest=data.players[guest].name if guest in data.players else guest, number=number,
                    name=result[number].name)
    for guest, number in data.doubtful:
        report.note(gettext_lazy("Gast „%(guest)s“ heißt wie Nr. %(number)s, aber mit anderem Ort: bitte prüfen "
                                 "(Spieler zusammenführen, wenn es dieselbe Person ist)."),
                    guest=f"{data.players[guest].name}, {data.players[guest].place}".strip(", "), number=number)
    return result


def _ruleset(cup: AbakusCup, report: AbakusReport) -> str:
    found = RULESET_OF_CUP.get(cup.number) or RULESETS.get(cup.rules, "")
    if cup.rules and not found:
        report.note(gettext_lazy("%(cup)s: für die ABAKUS-Regeln „%(rules)s“ gibt es hier kein Regelwerk; bitte beim "
                                 "Cup wählen."), cup=cup.name, rules=cup.rules)
    return found


def _cup(cup: AbakusCup, report: AbakusReport) -> Cup:
    slug = _slug(cup)
    found = Cup.objects.filter(abakus_number=cup.number).first() or Cup.objects.filter(slug=slug,
                                                                                       abakus_number="").first()
    if found is not None:
        report.cups_matched += 1
        changed = []
        if not found.abakus_number:
            found.abakus_number = cup.number
            changed.append("abakus_number")
        if not found.ruleset_slug and (ruleset := _ruleset(cup, report)):
            found.ruleset_slug = ruleset
            changed.append("ruleset_slug")
        if changed:
            found.save(update_fields=changed)
        return found
    report.cups_created += 1
    if Cup.objects.filter(slug=slug).exists():  # another cup of that name came from elsewhere
        slug = f"{slug[:45]}-{cup.number}"
    # The imported seasons carry ABAKUS's rules; the cup's own defaults are for seasons created here later:
    # the newest season's cup points, n by the number of tournaments, no final of its own.
    newest = max(t.season for t in cup.tournaments)
    return create_cup(name=cup.name[:160], slug=slug, scheme=scheme_for(int(cup.number), newest),
                      ruleset_slug=_ruleset(cup, report), abakus_number=cup.number)


def _seasons(cup: Cup, abakus_cup: AbakusCup, report: AbakusReport) -> dict[str, Season]:
    """The cup's seasons by label; each season of the file created with ABAKUS's rules, or given them when an
    earlier import made it. A season created here keeps its own rules (and the report says so)."""
    labels = {t.season for t in abakus_cup.tournaments}
    seasons = {s.label: s for s in Season.objects.filter(cup=cup)}
    report.seasons_matched += len(labels & set(seasons))
    missing = sorted(labels - set(seasons))
    for label in missing:
        seasons[label] = create_season(cup=cup, label=label, rules=abakus_cup.season_rules(label).fields())
        report.seasons_created += 1
    for label in sorted(labels & set(seasons)):
        season, rules = seasons[label], abakus_cup.season_rules(label).fields()
        if not season.tie_rule:
            report.note(gettext_lazy("%(cup)s %(season)s: die Saison gab es hier schon; sie behält ihre Regeln."),
                        cup=cup.name, season=label)
        elif any(getattr(season, name) != value for name, value in rules.items()):
            for name, value in rules.items():
                setattr(season, name, value)
            season.save(update_fields=list(rules))
    if missing:  # the newest season is the current one: order them by label (ABAKUS's seasons run in label order)
        for ordering, season in enumerate(sorted(seasons.values(), key=lambda s: s.label), start=1):
            if season.ordering != ordering:
                season.ordering = ordering
                season.save(update_fields=["ordering"])
    return seasons


def _twice(players: list[Player]) -> Player | None:
    seen = set()
    for player in players:
        if player.pk in seen:
            return player
        seen.add(player.pk)
    return None


# The columns of an imported result as _rows gives them (tournament/copies.py insert_rows writes them).
ROW_COLUMNS = ["season", "tournament_name", "date", "rank", "player", "club", "total", "rounds", "is_final", "team",
               "organiser"]
TOTAL_FIELD = ImportedResult._meta.get_field("total")


def _rows(t: AbakusTournament, season: Season, players: dict[str, Player], organiser: str) -> list[tuple]:
    """The tournament's lines as plain rows, adapted for the database: 36,000 ImportedResult instances through
    bulk_create took most of a long history's import (issue 30, point 7)."""
    ops = connection.ops
    day, name = ops.adapt_datefield_value(t.day), t.name[:160]
    rows = []
    for line in t.lines:
        player = players[line.key]
        total = ops.adapt_decimalfield_value(Decimal(line.total), TOTAL_FIELD.max_digits, TOTAL_FIELD.decimal_places)
        rows.append((season.pk, name, day, line.rank, player.pk, player.club, total,
                     ops.adapt_json_value(list(line.rounds), None), t.is_final, line.team, organiser))
    return rows


def _rounds_text(rounds) -> str:
    return ", ".join("-" if r is None else str(r) for r in rounds)


@dataclass(frozen=True, slots=True)
class _Stored:
    """A stored line of an imported tournament, read as plain values (a cup's history is tens of thousands)."""

    pk: int
    season_id: int
    name: str
    player_id: int
    rounds: list
    is_final: bool
    team: str
    organiser: str


STORED_CHUNK = 2000
STORED_FIELDS = ("pk", "season_id", "tournament_name", "player_id", "rounds_text", "is_final", "team", "organiser")


def _stored(cup: Cup) -> dict:
    """The cup's stored imported results by date, as plain values, read in chunks (the whole history at once
    twice over, as rows and as values, set the re-import's peak memory). The rounds are read as their JSON
    text and decoded in one call per chunk: one decoder call a row was a third of a second import's reading."""
    rows = ImportedResult.objects.filter(season__cup=cup).annotate(rounds_text=Cast("rounds", TextField())) \
        .values_list("date", *STORED_FIELDS).iterator(chunk_size=STORED_CHUNK)
    stored: dict = defaultdict(list)
    for chunk in batched(rows, STORED_CHUNK):
        rounds = json.loads(f"[{','.join(row[5] for row in chunk)}]")
        for row, played in zip(chunk, rounds, strict=True):
            stored[row[0]].append(_Stored(*row[1:5], played, *row[6:]))
    return stored


def _differences(cup: Cup, t: AbakusTournament, season: Season, players: dict[str, Player], organiser: str,
                 old: list[_Stored], report: AbakusReport) -> bool:
    """Name every difference between the stored tournament of this date and the file's; True when any."""
    before = len(report.notes)
    where = {"cup": cup.name, "day": t.day.isoformat()}
    names = sorted({row.name for row in old})
    if names != [t.name[:160]]:
        report.note(gettext_lazy("%(cup)s %(day)s: umbenannt von „%(old)s“ in „%(new)s“."),
                    old=" / ".join(names), new=t.name[:160], **where)
    if {row.season_id for row in old} != {season.pk}:
        report.note(gettext_lazy("%(cup)s %(day)s: gehört jetzt zur Saison %(season)s."), season=season.label, **where)
    stored = {row.player_id: row for row in old}
    given = set()
    for line in t.lines:
        player = players[line.key]
        given.add(player.pk)
        was = stored.get(player.pk)
        if was is None:
            report.note(gettext_lazy("%(cup)s %(day)s: %(name)s neu im Turnier."), name=player.name, **where)
        elif [None if r is None else int(r) for r in was.rounds] != list(line.rounds):
            report.note(gettext_lazy("%(cup)s %(day)s: Runden von %(name)s korrigiert (%(old)s → %(new)s)."),
                        name=player.name, old=_rounds_text(was.rounds), new=_rounds_text(line.rounds), **where)
        elif (was.is_final, was.team, was.organiser) != (t.is_final, line.team, organiser):
            report.note(gettext_lazy("%(cup)s %(day)s: Eintrag von %(name)s geändert."), name=player.name, **where)
    missing = Player.objects.filter(pk__in=set(stored) - given).order_by("name") if set(stored) - given else []
    for player in missing:
        report.note(gettext_lazy("%(cup)s %(day)s: %(name)s fehlt jetzt im Turnier."), name=player.name, **where)
    return len(report.notes) > before


def _tournaments(cup: Cup, abakus_cup: AbakusCup, seasons: dict[str, Season], players: dict[str, Player],
                 data: AbakusData, report: AbakusReport, tick: Callable[[], None]) -> None:
    stored = _stored(cup)
    rows, replaced = [], []
    for t in abakus_cup.tournaments:
        season = seasons[t.season]
        twice = _twice([players[line.key] for line in t.lines])
        if twice is not None:  # raised inside the transaction: nothing stays written
            raise ServiceError(gettext_lazy(
                "%(abakus_cup)s, %(day)s: %(twice)s steht zweimal im Turnier (zwei Nummern oder Gast und Nummer); bitte "
                "in ABAKUS oder hier zuerst zusammenführen."), abakus_cup=abakus_cup.name, day=t.day, twice=twice.name)
        organiser = data.players[t.organiser].name if t.organiser in data.players else t.organiser
        old = stored.pop(t.day, [])
        if not old:
            report.tournaments_created += 1
            rows += _rows(t, season, players, organiser)
        elif _differences(cup, t, season, players, organiser, old, report):
            report.tournaments_changed += 1
            replaced += [row.pk for row in old]
            rows += _rows(t, season, players, organiser)
        else:
            report.tournaments_skipped += 1
            report.results_skipped += len(t.lines)
        tick()
    for day, old in sorted(stored.items()):  # a file of fewer tournaments deletes none: it says which it lacks
        report.note(gettext_lazy("%(cup)s %(day)s: „%(name)s“ ist hier, aber nicht in der Datei; bleibt stehen."),
                    cup=cup.name, day=day.isoformat(), name=old[0].name)
    for start in range(0, len(replaced), 500):  # SQLite's limit of parameters per statement
        ImportedResult.objects.filter(pk__in=replaced[start:start + 500]).delete()
    insert_rows(ImportedResult, ROW_COLUMNS, rows)
    report.results_created += len(rows)


@live.write_service(changes=live.NO_TOURNAMENT)  # cups/live.py versions imported results
def import_abakus(*, content: bytes, only: set[str] | None = None, progress: Progress | None = None) -> AbakusReport:
    """Import an ABAKUS export (see the module docstring); ``only``: the numbers of the cups to import;
    ``progress(done, total)`` after each player and tournament. Raises ServiceError with nothing written."""
    data = read_export(content, only=only)
    fields = _check(data)
    report = AbakusReport(players_skipped=data.unused_players, running=list(data.running))
    total = len(data.players) + sum(len(c.tournaments) for c in data.cups)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    players = _players(data, fields, report, tick)
    cups = []
    for abakus_cup in data.cups:
        cup = _cup(abakus_cup, report)
        seasons = _seasons(cup, abakus_cup, report)
        _tournaments(cup, abakus_cup, seasons, players, data, report, tick)
        _dates(cup, [d for d in data.dates if d.cup == abakus_cup.number], report)
        cups.append(cup)
    del data, players, fields  # the file read is done with: its memory is the ranking's below (peak < 150 MB)
    for cup in cups:
        _rank_seasons(cup)
    return report


def _rank_seasons(cup: Cup) -> None:
    """Every season of ``cup`` the import changed ranked and stored now, in its transaction (cups/summaries.py,
    cups/rankings.py): the first overview or season page after an import reads them as any later one does,
    instead of ranking 20 seasons for its visitor. A re-import that changed nothing ranks nothing."""
    seasons = list(cup.seasons.all())
    for season in seasons:
        season.cup = cup
    current_summaries(cup, seasons)


def _dates(cup: Cup, dates: list, report: AbakusReport) -> None:
    """The cup's coming dates (CUPS/TERMINE) into its calendar, each once (a second import adds only new ones)."""
    known = set(CupDate.objects.filter(cup=cup).values_list("date", "name"))
    new = {(d.day, d.name): CupDate(cup=cup, date=d.day, name=d.name, begins=d.begins) for d in dates
           if (d.day, d.name) not in known}
    CupDate.objects.bulk_create(new.values())
    report.dates_created += len(new)
