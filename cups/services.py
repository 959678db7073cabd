"""Writes for cups: keyword-only arguments, validation first, one transaction each (HackSoft style)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy, pgettext_lazy

from cups import schemes
from cups.models import Cup, CupScheme, Season, SeasonTournament, SubRanking, season_slug
from cups.season import FINAL_MODES, FINAL_ON_TOP
from language import ServiceError
from tournament import live
from tournament.events import ChangeKind
from tournament.models import Tournament


def _refuse_invalid(instance) -> None:
    try:
        instance.full_clean()
    except ValidationError as err:
        text = "; ".join(f"{k}: {' '.join(str(m) for m in v)}" for k, v in err.message_dict.items())
        raise ServiceError(gettext_lazy("Ungültige Angaben: %(text)s"), text=text) from err


@live.write_service(changes=live.NO_TOURNAMENT)
def create_cup(*, name: str, slug: str, scheme: str = "fixed", ruleset_slug: str = "", region: str = "",
               best_n: int | None = None, final_mode: str = "none", final_penalties: bool = False,
               min_tournaments: int | None = None, final_qualifiers: int | None = None,
               abakus_number: str = "") -> Cup:
    _check_qualification(min_tournaments, final_qualifiers)
    if final_mode not in FINAL_MODES:
        raise ServiceError(gettext_lazy("Unbekannte Finalregel „%(final_mode)s“."), final_mode=final_mode)
    if scheme not in schemes.BUILTIN and not CupScheme.objects.filter(key=scheme).exists():
        raise ServiceError(gettext_lazy("Unbekannte Wertung „%(scheme)s“."), scheme=scheme)
    cup = Cup(name=name, slug=slug, scheme=scheme, ruleset_slug=ruleset_slug, region=region, best_n=best_n,
              final_mode=final_mode, final_penalties=final_penalties, min_tournaments=min_tournaments,
              final_qualifiers=final_qualifiers, abakus_number=abakus_number)
    _refuse_invalid(cup)
    cup.save()
    return cup


def _check_qualification(min_tournaments: int | None, final_qualifiers: int | None) -> None:
    for value, wrong in ((min_tournaments, gettext_lazy("Mindestzahl an Turnieren: eine ganze Zahl von 1 bis 999, nicht "
                                                        "„%(value)s“.")),
                         (final_qualifiers, gettext_lazy("Zahl der Qualifizierten: eine ganze Zahl von 1 bis 999, nicht "
                                                         "„%(value)s“."))):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1 or value > 999):
            raise ServiceError(wrong, value=value)


@live.write_service(changes=live.NO_TOURNAMENT)
def set_qualification(*, cup: Cup, min_tournaments: int | None = None, final_qualifiers: int | None = None,
                      qualifies_for: Cup | None = None) -> Cup:
    """A cup's qualification (docs/sources/season.md "Qualification and sub-rankings"): the minimum of
    tournaments of a season, how many of the qualified reach its final, and the final of several cups
    (the Ö-Finale) it qualifies for. None clears a setting."""
    _check_qualification(min_tournaments, final_qualifiers)
    if qualifies_for is not None and qualifies_for.pk == cup.pk:
        raise ServiceError(gettext_lazy("Ein Cup kann sich nicht für sich selbst qualifizieren."))
    cup = Cup.objects.select_for_update().get(pk=cup.pk)
    cup.min_tournaments, cup.final_qualifiers, cup.qualifies_for = min_tournaments, final_qualifiers, qualifies_for
    cup.save(update_fields=["min_tournaments", "final_qualifiers", "qualifies_for"])
    return cup


def _count_or_none(value, label) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 999:
        raise ServiceError(gettext_lazy("%(label)s: eine ganze Zahl von 0 bis 999, nicht „%(value)s“."),
                           label=label, value=value)
    return value


@live.write_service(changes=live.NO_TOURNAMENT)
def set_cup_rules(*, cup: Cup, scheme: str, ruleset_slug: str = "", best_n: int | None = None,
                  final_mode: str = "none", min_tournaments: int | None = None,
                  final_qualifiers: int | None = None) -> Cup:
    """The cup's rules for its seasons that set none of their own (the organiser's settings page). 0 or None
    for the minimum or the qualifiers: none; None for ``best_n``: by the number of tournaments."""
    best_n = _count_or_none(best_n, gettext_lazy("gewertete Ergebnisse")) or None
    minimum = _count_or_none(min_tournaments, gettext_lazy("Mindestzahl an Turnieren")) or None
    qualifiers = _count_or_none(final_qualifiers, gettext_lazy("Qualifizierte für das Finale")) or None
    if final_mode not in FINAL_MODES:
        raise ServiceError(gettext_lazy("Unbekannte Finalregel „%(final_mode)s“."), final_mode=final_mode)
    cup = Cup.objects.select_for_update().get(pk=cup.pk)
    cup.scheme, cup.ruleset_slug, cup.best_n, cup.final_mode = scheme, ruleset_slug, best_n, final_mode
    cup.min_tournaments, cup.final_qualifiers = minimum, qualifiers
    if cup.final_penalties and final_mode not in FINAL_ON_TOP:
        cup.final_penalties = False  # negative final points need a final on top (Cup.clean)
    _refuse_invalid(cup)
    cup.save()
    return cup


SEASON_RULES = ("scheme", "counting", "best_n", "final_mode", "final_penalties", "min_tournaments",
                "final_qualifiers", "tie_rule")


@live.write_service(changes=live.NO_TOURNAMENT)
def set_season_rules(*, season: Season, **rules) -> Season:
    """A season's own rules (``SEASON_RULES``; empty or None: as the cup). Checked as a whole first."""
    unknown = sorted(set(rules) - set(SEASON_RULES))
    if unknown:
        raise ServiceError(gettext_lazy("Unbekannte Regel „%(name)s“."), name=unknown[0])
    for name in ("best_n", "min_tournaments", "final_qualifiers"):
        if name in rules:
            rules[name] = _count_or_none(rules[name], Season._meta.get_field(name).verbose_name)
    season = Season.objects.select_for_update().select_related("cup").get(pk=season.pk)
    for name, value in rules.items():
        setattr(season, name, value)
    if season.counting != "fixed":
        season.best_n = None
    _refuse_invalid(season)
    season.save()
    return season


@live.write_service(changes=live.NO_TOURNAMENT)
def create_sub_ranking(*, cup: Cup, slug: str, name: str, include_word: str = "", exclude_word: str = "",
                       club_word: str = "", min_tournaments: int | None = None) -> SubRanking:
    """A season sub-ranking of ``cup`` over the tournaments whose name or venue has ``include_word`` (all when
    empty) and not ``exclude_word``, and the players whose club or region has ``club_word`` (all when empty)."""
    _check_qualification(min_tournaments, None)
    if SubRanking.objects.filter(cup=cup, slug=slug).exists():
        raise ServiceError(gettext_lazy("Die Teilwertung „%(slug)s“ gibt es schon."), slug=slug)
    sub = SubRanking(cup=cup, slug=slug, name=name, include_word=include_word, exclude_word=exclude_word,
                     club_word=club_word, min_tournaments=min_tournaments)
    _refuse_invalid(sub)
    sub.save()
    return sub


def _place_by_label(cup: Cup, label: str) -> int:
    """The ordering a new season of ``label`` takes among the cup's seasons (see create_season)."""
    seasons = list(cup.seasons.select_for_update().order_by("ordering", "label"))
    later = [season for season in seasons if season.label > label]
    if not later:
        return max((season.ordering for season in seasons), default=0) + 1
    place = min(season.ordering for season in later)
    moving = [season for season in seasons if season.ordering >= place]
    for season in moving:
        season.ordering += 1
    Season.objects.bulk_update(moving, ["ordering"])
    return place


@live.write_service(changes=live.NO_TOURNAMENT)
def create_season(*, cup: Cup, label: str, ordering: int | None = None, rules: dict | None = None) -> Season:
    """A new season; without ``ordering`` it takes its place by its label: the newest when its label comes last
    ("2026/27" after "2025/26"), else just before the first season of a later label, the later ones moving up
    one (an older season added afterwards never becomes the current one). ``rules``: Season fields of its own
    rules (cups/season_rules.py; an ABAKUS import sets them all); without them the season follows its cup."""
    if Season.objects.filter(cup=cup, label=label).exists():
        raise ServiceError(gettext_lazy("Die Saison „%(label)s“ gibt es schon."), label=label)
    if ordering is None:
        ordering = _place_by_label(cup, label)
    season = Season(cup=cup, label=label, ordering=ordering, **(rules or {}))
    season.slug = season_slug(label)
    _refuse_invalid(season)
    season.save()
    return season


@live.write_service(kind=ChangeKind.SETTINGS)
def add_tournament(*, season: Season, tournament: Tournament, is_final: bool = False) -> SeasonTournament:
    """Count ``tournament`` in ``season``; a tournament belongs to at most one season."""
    existing = SeasonTournament.objects.select_for_update().filter(tournament=tournament).select_related(
        "season__cup").first()
    if existing is not None:
        raise ServiceError(gettext_lazy(
            "„%(tournament)s“ gehört schon zur Saison %(season)s."), tournament=tournament.name, season=existing.season)
    if is_final and SeasonTournament.objects.filter(season=season, is_final=True).exists():
        raise ServiceError(gettext_lazy("Diese Saison hat schon ein Finale."))
    return SeasonTournament.objects.create(season=season, tournament=tournament, is_final=is_final)


def season_label(day) -> str:
    """The season a date falls in: Austrian cup seasons run from July to June ("2026/27")."""
    start = day.year if day.month >= 7 else day.year - 1
    return f"{start}/{(start + 1) % 100:02d}"


@live.write_service(kind=ChangeKind.SETTINGS)
def enter_current_season(*, cup_slug: str, tournament: Tournament, scheme: str | None = None,
                         final_mode: str | None = None, is_final: bool = False,
                         min_tournaments: int | None = None) -> SeasonTournament:
    """Put ``tournament`` into the current season of cup ``cup_slug`` (the season its date falls in),
    creating the cup (named after its slug, with ``scheme`` or "fixed", ``final_mode`` or "none" and
    ``min_tournaments``, the minimum of tournaments to qualify) and the season when new; ``is_final``:
    the tournament is the season's cup final."""
    cup = Cup.objects.filter(slug=cup_slug).first()
    if cup is None:
        cup = create_cup(name=cup_slug.replace("-", " ").title(), slug=cup_slug, scheme=scheme or "fixed",
                         ruleset_slug=tournament.ruleset_slug, final_mode=final_mode or "none",
                         min_tournaments=min_tournaments)
    elif min_tournaments is not None and min_tournaments != cup.min_tournaments:
        required = cup.min_tournaments or pgettext_lazy("a minimum of tournaments", "keine")
        raise ServiceError(gettext_lazy("Der Cup „%(cup)s“ verlangt %(required)s Turniere, nicht %(asked)s."),
                           cup=cup_slug, required=required, asked=min_tournaments)
    elif scheme is not None and scheme != cup.scheme:
        raise ServiceError(gettext_lazy(
            "Der Cup „%(cup_slug)s“ wertet nach „%(scheme)s“, nicht nach „%(asked)s“."),
                cup_slug=cup_slug, scheme=cup.scheme, asked=scheme)
    elif final_mode is not None and final_mode != cup.final_mode:
        raise ServiceError(gettext_lazy(
            "Der Cup „%(cup_slug)s“ wertet das Finale nach „%(final_mode)s“, nicht nach „%(asked)s“."),
                cup_slug=cup_slug, final_mode=cup.final_mode, asked=final_mode)
    label = season_label(tournament.date)
    season = cup.seasons.filter(label=label).first() or create_season(cup=cup, label=label)
    return add_tournament(season=season, tournament=tournament, is_final=is_final)
