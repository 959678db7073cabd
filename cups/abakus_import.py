"""Importing an ABAKUS export (cups/abakus.py reads it): cups, their seasons, past tournaments as imported
results (the results-only tournaments of cups/imports.py: ImportedResult, with the rounds and the final
flag), players matched or created with their ABAKUS number (cups.models.AbakusNumber).

All or nothing: the file is read and checked whole before anything is written, and everything is written
in one transaction. Importing the same file again changes nothing: a cup is found by its ABAKUS number
(else by the slug of its name), a season by its label, a player by his ABAKUS number (else by
tournament/players.py's rule: name and club, the club being ABAKUS's place), and a tournament already in
its season (name and date) is skipped with its rows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.text import slugify
from django.utils.translation import gettext_lazy

from cups.abakus import BEST_RESULTS, AbakusCup, AbakusData, AbakusPlayer, read_export
from cups.models import AbakusNumber, Cup, ImportedResult, Season
from cups.season import FINAL_PLUS
from cups.services import create_cup, create_season
from language import ServiceError, active_language
from tournament import live
from tournament.models import Player
from tournament.players import clean_fields, identity, known_players, register_player

Progress = Callable[[int, int], None]
SEASON_LABEL_MAX = Season._meta.get_field("label").max_length


@dataclass
class AbakusReport:
    cups_created: int = 0
    cups_matched: int = 0
    seasons_created: int = 0
    seasons_matched: int = 0
    tournaments_created: int = 0
    tournaments_skipped: int = 0
    results_created: int = 0
    results_skipped: int = 0
    players_matched: int = 0
    players_created: int = 0
    players_skipped: int = 0  # numbered players of the file in no imported tournament
    running: list[tuple[str, str]] = field(default_factory=list)

    def lines(self, lang: str | None = None) -> list[str]:
        en = (lang or active_language()) == "en"
        rows = [
            ("Cups", "cups", self.cups_created, self.cups_matched, 0),
            ("Saisonen", "seasons", self.seasons_created, self.seasons_matched, 0),
            ("Turniere", "tournaments", self.tournaments_created, 0, self.tournaments_skipped),
            ("Ergebnisse", "results", self.results_created, 0, self.results_skipped),
            ("Spieler", "players", self.players_created, self.players_matched, self.players_skipped),
        ]
        text = [f"{en_word if en else de}: {created} {'created' if en else 'neu'}, {matched} "
                f"{'matched' if en else 'gefunden'}, {skipped} {'skipped' if en else 'übersprungen'}"
                for de, en_word, created, matched, skipped in rows]
        for cup, day in self.running:
            text.append(f"{cup} {day}: still running in ABAKUS, skipped" if en
                        else f"{cup} {day}: läuft in ABAKUS noch, übersprungen")
        return text


def _player_fields(person: AbakusPlayer) -> tuple[str, str]:
    name, club, _region = clean_fields(name=person.name, club=person.place)
    return name, club


def _check(data: AbakusData) -> dict[str, tuple[str, str]]:
    """Every player's name and club as stored, checked before anything is written."""
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
    return fields


def _slug(cup: AbakusCup) -> str:
    return slugify(cup.name)[:50] or f"abakus-{cup.number}"


def _players(data: AbakusData, fields: dict[str, tuple[str, str]], report: AbakusReport,
             tick: Callable[[], None]) -> dict[str, Player]:
    numbers = {p.number for p in data.players.values() if p.number}
    by_number = {link.number: link.player for link in AbakusNumber.objects.filter(
        number__in=numbers).select_related("player")}
    known = known_players(fields.values())
    result: dict[str, Player] = {}
    links = []
    for key, person in sorted(data.players.items()):
        name, club = fields[key]
        player = by_number.get(person.number) if person.number else None
        if player is None:
            player = known.get(identity(name, club))
            if player is None:  # a namesake of another club is another player (tournament/players.py)
                player = known[identity(name, club)] = register_player(name=name, club=club, allow_duplicate=True)
                report.players_created += 1
            else:
                report.players_matched += 1
            if person.number:
                links.append(AbakusNumber(number=person.number, player=player))
        else:
            report.players_matched += 1
        result[key] = player
        tick()
    AbakusNumber.objects.bulk_create(links)
    return result


def _cup(cup: AbakusCup, report: AbakusReport) -> Cup:
    slug = _slug(cup)
    found = Cup.objects.filter(abakus_number=cup.number).first() or Cup.objects.filter(slug=slug,
                                                                                       abakus_number="").first()
    if found is not None:
        report.cups_matched += 1
        if not found.abakus_number:
            found.abakus_number = cup.number
            found.save(update_fields=["abakus_number"])
        return found
    report.cups_created += 1
    # ABAKUS's season: the best six results, a final on top (SAISON.js bereSaison)
    if Cup.objects.filter(slug=slug).exists():  # another cup of that name came from elsewhere
        slug = f"{slug[:45]}-{cup.number}"
    return create_cup(name=cup.name[:160], slug=slug, scheme=cup.scheme, best_n=BEST_RESULTS, final_mode=FINAL_PLUS,
                      abakus_number=cup.number)


def _seasons(cup: Cup, labels: set[str], report: AbakusReport) -> dict[str, Season]:
    seasons = {s.label: s for s in Season.objects.filter(cup=cup)}
    report.seasons_matched += len(labels & set(seasons))
    missing = sorted(labels - set(seasons))
    for label in missing:
        seasons[label] = create_season(cup=cup, label=label)
        report.seasons_created += 1
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
    for abakus_cup in data.cups:
        cup = _cup(abakus_cup, report)
        seasons = _seasons(cup, {t.season for t in abakus_cup.tournaments}, report)
        stored = set(ImportedResult.objects.filter(season__cup=cup).values_list("season_id", "tournament_name", "date")
                     .distinct())
        rows = []
        for t in abakus_cup.tournaments:
            season = seasons[t.season]
            name = t.name[:160]
            if (season.pk, name, t.day) in stored:
                report.tournaments_skipped += 1
                report.results_skipped += len(t.lines)
            else:
                report.tournaments_created += 1
                twice = _twice([players[line.key] for line in t.lines])
                if twice is not None:  # raised inside the transaction: nothing stays written
                    raise ServiceError(gettext_lazy(
                        "%(abakus_cup)s, %(day)s: %(twice)s steht zweimal im Turnier (zwei Nummern oder Gast und Nummer); bitte "
                        "in ABAKUS oder hier zuerst zusammenführen."), abakus_cup=abakus_cup.name, day=t.day, twice=twice.name)
                for line in t.lines:
                    player = players[line.key]
                    rows.append(ImportedResult(season=season, tournament_name=name, date=t.day, rank=line.rank,
                                               player=player, club=player.club, total=Decimal(line.total),
                                               rounds=list(line.rounds), is_final=t.is_final))
            tick()
        ImportedResult.objects.bulk_create(rows, batch_size=500)
        report.results_created += len(rows)
    return report
