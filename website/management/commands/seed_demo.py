"""seed_demo: a complete, finished tournament so a new user sees a real event in one command.

    python manage.py seed_demo [--players 53] [--seed 2026] [--slug demo] [--rules tirol] [--replace]

Players are registered, seated by the seating draw, and every hand of every round is entered
through the scorers' service for a whole sheet (random valid hands under the rule set, with a
tournament-like mix of contracts); tables are confirmed and rounds closed. With a final round
(Hopfgarten) the best are seated by the standings and play it too. Existing data stays unless
--replace is given. With --demo-cups it also builds three cups, one per season scheme of
docs/sources/season.md (cube, fixed, heine), each with a season of three finished tournaments
whose players come from the cup's own pool, so the same people meet again. With --demo-director
(only `make run` passes it) it also creates the director account "leitung" (password "tarock")
when no user exists yet, for trying the site locally; a production start never does.
--teams SIZE forms teams before round 1 (docs/teams.md); --final-mode and --final set a new cup's
final mode and make the tournament its season's final (docs/cups.md).
"""

from __future__ import annotations

import random
import time
from datetime import date

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext_lazy

from cups.season import FINAL_MODES
from cups.services import enter_current_season
from language import ServiceError, in_both
from paper.imports.players import import_players
from rating.demo import seed_history
from rules.engine.sampling import random_hand
from rules.rulesets import BUILTIN
from scoring.selectors import seating_ranking
from scoring.services import DEMO, confirm_table, record_hands
from tournament import rounds, services
from tournament.models import Table, Tournament
from tournament.teams import form_teams
from website import demo_players

FIRST = ["Anna", "Maria", "Elisabeth", "Johanna", "Katharina", "Theresia", "Barbara", "Christina", "Eva", "Sabine",
         "Hannes", "Josef", "Franz", "Johann", "Alois", "Georg", "Peter", "Thomas", "Markus", "Martin", "Stefan",
         "Andreas", "Michael", "Christian", "Robert", "Karl", "Herbert", "Walter", "Gerhard", "Helmut", "Monika",
         "Claudia", "Ingrid", "Gertraud", "Renate", "Petra", "Verena", "Lukas", "Florian", "Simon"]
LAST = ["Gruber", "Huber", "Bauer", "Wagner", "Müller", "Pichler", "Steiner", "Moser", "Mayer", "Hofer", "Leitner",
        "Berger", "Fuchs", "Eder", "Fischer", "Schmid", "Winkler", "Weber", "Schwarz", "Maier", "Schneider", "Reiter",
        "Mayr", "Schmidt", "Wimmer", "Egger", "Brunner", "Lang", "Baumgartner", "Auer", "Binder", "Lechner", "Wolf",
        "Wallner", "Aigner", "Ebner", "Koller", "Lehner", "Haas", "Schuster", "Kofler", "Stocker", "Plank", "Thaler"]
# The demo cups: slug (the cup's name is made from it), scheme, rule set, pool, players per tournament,
# and the tournaments' dates and places.
DEMO_CUPS = [
    ("tiroler-tarockcup", "cube", "tirol", 36, 24, [("2026-09-12", "Kufstein"), ("2026-10-10", "Wörgl"),
                                                     ("2026-11-07", "Lienz")]),
    ("hausruckcup", "fixed", "ooe", 32, 20, [("2026-09-19", "Wels"), ("2026-10-17", "Grieskirchen"),
                                              ("2026-11-14", "Eferding")]),
    ("wiener-tarockcup", "heine", "pagat", 32, 20, [("2026-09-26", "Favoriten"), ("2026-10-24", "Floridsdorf"),
                                                     ("2026-11-21", "Mödling")]),
]
CLUBS = ["TC Innsbruck", "Tarockrunde Wörgl", "TC Kufstein", "Hopfgartner Tarockierer", "Linzer Tarock Akademie",
         "TC Hall", "Schwazer Tarockfreunde", "TC Lienz", "Mühlviertler Tarockrunde", "TC Wels", ""]


class Command(BaseCommand):
    # A terminal's language is unknown: the help in both, from the msgids (argparse takes no lazy text).
    help = in_both(gettext_lazy("Ein fertiges Demo-Turnier anlegen (Spieler, Setzungen, alle Spiele eingetragen, Stand)."))

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=53, help=in_both(gettext_lazy("Anzahl der Spieler")))
        parser.add_argument("--seed", default="2026",
                            help=in_both(gettext_lazy("Startwert des Zufalls (derselbe Startwert, dasselbe Turnier)")))
        parser.add_argument("--slug", default="demo", help=in_both(gettext_lazy("Kürzel des Turniers")))
        parser.add_argument("--rules", default="tirol", choices=list(BUILTIN), help=in_both(gettext_lazy("Regelsatz")))
        parser.add_argument("--replace", action="store_true",
                            help=in_both(gettext_lazy("ein bestehendes Turnier mit diesem Kürzel vorher löschen")))
        parser.add_argument("--cup", default=None, help=in_both(gettext_lazy(
            "es in die laufende Saison dieses Cups stellen (ein neuer Cup wird angelegt)")))
        parser.add_argument("--scheme", default=None, choices=["cube", "fixed", "heine"],
                            help=in_both(gettext_lazy("die Wertung eines neuen Cups")))
        parser.add_argument("--final-mode", default=None, choices=list(FINAL_MODES),
                            help=in_both(gettext_lazy("der Finalmodus eines neuen Cups (docs/sources/events.md, Cup finals)")))
        parser.add_argument("--final", action="store_true",
                            help=in_both(gettext_lazy("dieses Turnier ist das Cupfinale der Saison")))
        parser.add_argument("--min-tournaments", type=int, default=None, metavar="N", help=in_both(gettext_lazy(
            "die Mindestzahl an Turnieren eines neuen Cups, um sich zu qualifizieren (docs/sources/season.md)")))
        parser.add_argument("--teams", type=int, default=None, metavar="SIZE",
                            help=in_both(gettext_lazy("vor Runde 1 Teams zu SIZE Spielern bilden, wo es geht nach Verein")))
        parser.add_argument("--pool", type=int, default=None, metavar="K", help=in_both(gettext_lazy(
            "die Spieler aus einem festen Pool von K Demo-Spielern ziehen (dieselben Leute treffen sich wieder)")))
        parser.add_argument("--date", default=None,
                            help=in_both(gettext_lazy("das Datum des Turniers, JJJJ-MM-TT (Vorgabe: heute)")))
        parser.add_argument("--absent", type=int, default=0, metavar="K",
                            help=in_both(gettext_lazy("K weitere angemeldete Spieler, die nie einchecken (Nichterscheinen)")))
        parser.add_argument("--withdraw", type=int, default=0, metavar="K",
                            help=in_both(gettext_lazy("K Spieler ziehen sich nach Runde R zurück")))
        parser.add_argument("--withdraw-after", type=int, default=1, metavar="R", help=in_both(gettext_lazy(
            "die Runde, nach der sich die --withdraw-Spieler zurückziehen (Vorgabe 1)")))
        parser.add_argument("--last-round-by-standings", action="store_true",
                            help=in_both(gettext_lazy("die letzte Runde nach dem Stand setzen (ABAKUS: nach Reihung)")))
        parser.add_argument("--tables-of-six", action="store_true", help=in_both(gettext_lazy(
            "Sechsertische erlauben (zwei setzen jedes Spiel aus), damit 6 und 11 Spieler kein Freilos brauchen")))
        parser.add_argument("--hands", type=int, default=None, choices=[16, 20],
                            help=in_both(gettext_lazy("Spiele an einem Vierertisch (ein Fünfertisch spielt 20 oder 25)")))
        parser.add_argument("--played", type=int, default=None, metavar="N", help=in_both(gettext_lazy(
            "nur die Runden 1..N ganz spielen und Runde N+1 ohne Spiele gesetzt lassen (0: Runde 1 gesetzt und leer), "
            "für Proben und Lasttests")))
        parser.add_argument("--demo-cups", action="store_true", help=in_both(gettext_lazy(
            "auch drei Demo-Cups bauen (cube, fixed, heine), je drei Turniere (make run)")))
        parser.add_argument("--demo-director", action="store_true", help=in_both(gettext_lazy(
            "auch die lokale Demo-Turnierleitung leitung/tarock anlegen, wenn es noch kein Konto gibt (make run)")))

    def handle(self, *args, **options):
        if options.get("demo_cups"):
            self._demo_cups()
            self.stdout.write(in_both(gettext_lazy("Österreich-Rangliste: %(n)s frühere Ergebnisse, /rangliste/"),
                                      n=seed_history([c[0] for c in DEMO_CUPS])))
        slug = options["slug"]
        existing = Tournament.objects.filter(slug=slug).first()
        if existing and not options["replace"]:
            self.stdout.write(in_both(gettext_lazy("Demo-Turnier „%(slug)s“ gibt es schon (mit --replace neu bauen)."),
                                      slug=slug))
            self._director(options)
            return
        played = options["played"]
        if played is not None and played < 0:
            raise CommandError(in_both(gettext_lazy("--played muss 0 oder mehr sein.")))
        if options["absent"] < 0 or options["withdraw"] < 0:
            raise CommandError(in_both(gettext_lazy("--absent und --withdraw müssen 0 oder mehr sein.")))
        if options.get("teams") is not None and options["teams"] < 1:
            raise CommandError(in_both(gettext_lazy("--teams muss 1 oder mehr sein.")))
        if (options.get("final") or options.get("final_mode") or options.get("min_tournaments")) and not options["cup"]:
            raise CommandError(in_both(gettext_lazy("--final, --final-mode und --min-tournaments brauchen --cup.")))
        withdraw_after = options.get("withdraw_after", 1)
        if options["withdraw"] and not 1 <= withdraw_after <= BUILTIN[options["rules"]].format.rounds:
            raise CommandError(in_both(gettext_lazy(
                "--withdraw-after muss eine Vorrunde sein (1 bis zur letzten Runde des Regelsatzes).")))
        if options["withdraw"] and options["players"] - options["withdraw"] < 4:
            raise CommandError(in_both(gettext_lazy("--withdraw muss mindestens 4 Spieler weiterspielen lassen.")))
        started = time.perf_counter()
        rng = random.Random(options["seed"])
        with transaction.atomic():
            if existing:
                existing.delete()
            tournament = self._tournament(options, rng)
            if options["cup"]:  # in the same transaction: a refused cup leaves no tournament behind
                try:
                    enter_current_season(cup_slug=options["cup"], tournament=tournament, scheme=options["scheme"],
                                         final_mode=options.get("final_mode"), is_final=bool(options.get("final")),
                                         min_tournaments=options.get("min_tournaments"))
                except ServiceError as error:
                    raise CommandError(str(error)) from None
            if options.get("teams"):
                form_teams(tournament=tournament, size=options["teams"])
        try:
            self._play(tournament, rng, options["seed"], played=options["played"], withdraw=options["withdraw"],
                       withdraw_after=withdraw_after)
        except BaseException:
            # Rounds commit table by table (a big demo would otherwise hold one huge transaction), so a
            # failure part-way removes the tournament rather than leave a half-built one behind.
            tournament.delete()
            raise
        self._director(options)
        hands = Table.objects.filter(round__tournament=tournament).aggregate(n=Sum("hands_entered"))["n"] or 0
        self.stdout.write(self.style.SUCCESS(in_both(gettext_lazy(
            "Demo-Turnier „%(name)s“ (%(slug)s): %(players)s Spieler, %(hands)s Spiele in %(seconds)s s. "
            "Stand: /turnier/%(slug)s/"), name=tournament.name, slug=slug, players=tournament.entries.count(),
            hands=hands, seconds=f"{time.perf_counter() - started:.1f}")))

    def _tournament(self, options, rng: random.Random) -> Tournament:
        ruleset = BUILTIN[options["rules"]]
        try:
            day = date.fromisoformat(options["date"]) if options["date"] else date.today()
        except ValueError:
            raise CommandError(in_both(gettext_lazy("--date %(date)s ist nicht JJJJ-MM-TT"),
                                       date=repr(options["date"]))) from None
        tournament = services.create_tournament(
            # Distinct names: a director's list holds several demos of one rule set.
            name=options.get("name") or f"Demo {ruleset.name} · {options['players']} Spieler · {day:%d.%m.%Y}",
            slug=options["slug"], date=day, venue="Gasthof Post",
            ruleset=ruleset, hands_at_four=options["hands"],
            last_round_by_standings=options.get("last_round_by_standings", False),
            tables_of_six=options.get("tables_of_six") or None,
        )
        names = sorted({f"{first} {last}" for first in FIRST for last in LAST})
        random.Random("demo-pool").shuffle(names)  # the pool: the same people, whatever the tournament's seed
        wanted = options["players"] + options["absent"]
        if options["pool"] is not None:
            if not wanted <= options["pool"] <= len(names):
                raise CommandError(in_both(gettext_lazy("--pool muss zwischen --players + --absent (%(wanted)s) und "
                                                        "%(most)s liegen"), wanted=wanted, most=len(names)))
            names = names[: options["pool"]]
        rng.shuffle(names)
        if wanted > len(names):
            raise CommandError(in_both(gettext_lazy("höchstens %(most)s Demo-Spieler"), most=len(names)))
        # A person's club is fixed by the name, so a pool player is the same Player in every tournament.
        rows = [{"name": name, "club": random.Random(name).choice(CLUBS)} for name in names[:wanted]]
        import_players(tournament=tournament, rows=rows[: options["players"]], check_in=True)
        import_players(tournament=tournament, rows=rows[options["players"]:], check_in=False)  # the no-shows
        return tournament

    def _play(self, tournament: Tournament, rng: random.Random, seed: str, *, played: int | None,
              withdraw: int = 0, withdraw_after: int = 1) -> None:
        ruleset = tournament.ruleset
        for round in tournament.round_set.order_by("number"):
            try:
                rounds.seat_round(round=round, seed=f"{seed}-{round.number}", ranking=seating_ranking(round))
            except ServiceError as error:
                raise CommandError(str(error)) from None
            if played is not None and round.number > played:
                self.stdout.write(in_both(gettext_lazy("Runde %(round)s: %(tables)s Tische gesetzt, noch keine Spiele"),
                                          round=round.number, tables=round.tables.count()))
                return
            for table in round.tables.order_by("number"):
                # One commit per table: its whole sheet stored at once through the scorers' service
                # for many hands (the engine scores each), then confirmed.
                with transaction.atomic():
                    record_hands(table=table, hands=[random_hand(ruleset, rng) for _ in range(table.hands_planned)],
                                 key_prefix="demo-", entered_by=DEMO)
                    table.refresh_from_db()
                    names = ", ".join(s.entry.player.name for s in table.seats.select_related("entry__player"))
                    confirm_table(table=table, expected_version=table.version, names=names)
            rounds.close_round(round=round)
            self.stdout.write(in_both(gettext_lazy("Runde %(round)s: %(tables)s Tische gespielt"),
                                      round=round.number, tables=round.tables.count()))
            if round.number == withdraw_after and withdraw:
                leaving = rng.sample(sorted(tournament.entries.filter(checked_in=True), key=lambda e: e.pk), withdraw)
                for entry in leaving:
                    services.withdraw(entry=entry, after_round=withdraw_after)

    def _demo_cups(self) -> None:
        """Three cups of three tournaments each; tournaments already there are kept (a second run adds nothing)."""
        for cup, scheme, rules, pool, players, dates in DEMO_CUPS:
            for number, (day, place) in enumerate(dates, start=1):
                slug = f"{cup}-{number}"
                if Tournament.objects.filter(slug=slug).exists():
                    continue
                name = f"{place} – {cup.replace('-', ' ').title()}"
                self.handle(name=name, slug=slug, players=players, pool=pool, cup=cup, scheme=scheme, rules=rules, date=day,
                            seed=slug, replace=False, absent=0, withdraw=0, withdraw_after=1, hands=None, played=None,
                            demo_cups=False, demo_director=False)
        self._demo_players_thread()

    def _demo_players_thread(self) -> None:
        """Issue 33: a past season of the Tiroler Tarockcup and a coming tournament open for sign-up."""
        demo_players.past_season()
        for slug, day, place in demo_players.PAST_SEASON:
            if not Tournament.objects.filter(slug=slug).exists():
                self.handle(name=f"{place} – Tiroler Tarockcup", slug=slug, players=24, pool=36, cup="tiroler-tarockcup",
                            scheme="cube", rules="tirol", date=day, seed=slug, replace=False, absent=0, withdraw=0,
                            withdraw_after=1, hands=None, played=None, demo_cups=False, demo_director=False)
        demo_players.coming_tournament(self.stdout)

    def _director(self, options) -> None:
        if not options.get("demo_director"):
            return
        users = get_user_model().objects
        if not users.exists():
            users.create_superuser("leitung", "leitung@example.invalid", "tarock")
            self.stdout.write(in_both(gettext_lazy("Anmeldung der Turnierleitung für diese lokale Demo: %(login)s "
                                                   "(auf /turniere/)."), login="leitung / tarock"))
