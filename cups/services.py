"""Writes for cups: keyword-only arguments, validation first, one transaction each (HackSoft style)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from cups import schemes
from cups.models import Cup, CupScheme, Season, SeasonTournament, SubRanking, season_slug
from cups.season import FINAL_MODES
from tournament import live
from tournament.errors import ServiceError
from tournament.models import Tournament


def _refuse_invalid(instance) -> None:
    try:
        instance.full_clean()
    except ValidationError as err:
        text = "; ".join(f"{k}: {' '.join(str(m) for m in v)}" for k, v in err.message_dict.items())
        raise ServiceError(f"Ungültige Angaben: {text}", f"Invalid data: {text}") from err


@live.write_service(changes=live.NO_TOURNAMENT)
def create_cup(*, name: str, slug: str, scheme: str = "fixed", ruleset_slug: str = "", region: str = "",
               best_n: int | None = None, final_mode: str = "none", final_penalties: bool = False,
               min_tournaments: int | None = None, final_qualifiers: int | None = None,
               abakus_number: str = "") -> Cup:
    _check_qualification(min_tournaments, final_qualifiers)
    if final_mode not in FINAL_MODES:
        raise ServiceError(f"Unbekannte Finalregel „{final_mode}“.", f"Unknown final mode “{final_mode}”.")
    if scheme not in schemes.BUILTIN and not CupScheme.objects.filter(key=scheme).exists():
        raise ServiceError(f"Unbekannte Wertung „{scheme}“.", f"Unknown scheme “{scheme}”.")
    cup = Cup(name=name, slug=slug, scheme=scheme, ruleset_slug=ruleset_slug, region=region, best_n=best_n,
              final_mode=final_mode, final_penalties=final_penalties, min_tournaments=min_tournaments,
              final_qualifiers=final_qualifiers, abakus_number=abakus_number)
    _refuse_invalid(cup)
    cup.save()
    return cup


def _check_qualification(min_tournaments: int | None, final_qualifiers: int | None) -> None:
    for value, de, en in ((min_tournaments, "Mindestzahl an Turnieren", "minimum of tournaments"),
                          (final_qualifiers, "Zahl der Qualifizierten", "number of qualifiers")):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1 or value > 999):
            raise ServiceError(f"{de}: eine ganze Zahl von 1 bis 999, nicht „{value}“.",
                               f"The {en} is a whole number from 1 to 999, not “{value}”.")


@live.write_service(changes=live.NO_TOURNAMENT)
def set_qualification(*, cup: Cup, min_tournaments: int | None = None, final_qualifiers: int | None = None,
                      qualifies_for: Cup | None = None) -> Cup:
    """A cup's qualification (docs/sources/season.md "Qualification and sub-rankings"): the minimum of
    tournaments of a season, how many of the qualified reach its final, and the final of several cups
    (the Ö-Finale) it qualifies for. None clears a setting."""
    _check_qualification(min_tournaments, final_qualifiers)
    if qualifies_for is not None and qualifies_for.pk == cup.pk:
        raise ServiceError("Ein Cup kann sich nicht für sich selbst qualifizieren.", "A cup cannot qualify for itself.")
    cup = Cup.objects.select_for_update().get(pk=cup.pk)
    cup.min_tournaments, cup.final_qualifiers, cup.qualifies_for = min_tournaments, final_qualifiers, qualifies_for
    cup.save(update_fields=["min_tournaments", "final_qualifiers", "qualifies_for"])
    return cup


@live.write_service(changes=live.NO_TOURNAMENT)
def create_sub_ranking(*, cup: Cup, slug: str, name: str, include_word: str = "", exclude_word: str = "",
                       club_word: str = "", min_tournaments: int | None = None) -> SubRanking:
    """A season sub-ranking of ``cup`` over the tournaments whose name or venue has ``include_word`` (all when
    empty) and not ``exclude_word``, and the players whose club or region has ``club_word`` (all when empty)."""
    _check_qualification(min_tournaments, None)
    if SubRanking.objects.filter(cup=cup, slug=slug).exists():
        raise ServiceError(f"Die Teilwertung „{slug}“ gibt es schon.", f"Sub-ranking “{slug}” already exists.")
    sub = SubRanking(cup=cup, slug=slug, name=name, include_word=include_word, exclude_word=exclude_word,
                     club_word=club_word, min_tournaments=min_tournaments)
    _refuse_invalid(sub)
    sub.save()
    return sub


@live.write_service(changes=live.NO_TOURNAMENT)
def create_season(*, cup: Cup, label: str, ordering: int | None = None) -> Season:
    """A new season; without ``ordering`` it becomes the newest."""
    if Season.objects.filter(cup=cup, label=label).exists():
        raise ServiceError(f"Die Saison „{label}“ gibt es schon.", f"Season “{label}” already exists.")
    if ordering is None:
        ordering = max((s.ordering for s in cup.seasons.all()), default=0) + 1
    season = Season(cup=cup, label=label, ordering=ordering)
    season.slug = season_slug(label)
    _refuse_invalid(season)
    season.save()
    return season


@live.write_service
def add_tournament(*, season: Season, tournament: Tournament, is_final: bool = False) -> SeasonTournament:
    """Count ``tournament`` in ``season``; a tournament belongs to at most one season."""
    existing = SeasonTournament.objects.select_for_update().filter(tournament=tournament).select_related(
        "season__cup").first()
    if existing is not None:
        raise ServiceError(
            f"„{tournament.name}“ gehört schon zur Saison {existing.season}.",
            f"“{tournament.name}” already belongs to season {existing.season}.",
        )
    if is_final and SeasonTournament.objects.filter(season=season, is_final=True).exists():
        raise ServiceError("Diese Saison hat schon ein Finale.", "This season already has a final.")
    return SeasonTournament.objects.create(season=season, tournament=tournament, is_final=is_final)


def season_label(day) -> str:
    """The season a date falls in: Austrian cup seasons run from July to June ("2026/27")."""
    start = day.year if day.month >= 7 else day.year - 1
    return f"{start}/{(start + 1) % 100:02d}"


@live.write_service
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
        raise ServiceError(f"Der Cup „{cup_slug}“ verlangt {cup.min_tournaments or 'keine'} Turniere, nicht {min_tournaments}.",
                           f"Cup “{cup_slug}” requires {cup.min_tournaments or 'no'} tournaments, not {min_tournaments}.")
    elif scheme is not None and scheme != cup.scheme:
        raise ServiceError(f"Der Cup „{cup_slug}“ wertet nach „{cup.scheme}“, nicht nach „{scheme}“.",
                           f"Cup “{cup_slug}” uses the scheme “{cup.scheme}”, not “{scheme}”.")
    elif final_mode is not None and final_mode != cup.final_mode:
        raise ServiceError(f"Der Cup „{cup_slug}“ wertet das Finale nach „{cup.final_mode}“, nicht nach „{final_mode}“.",
                           f"Cup “{cup_slug}” scores its final as “{cup.final_mode}”, not “{final_mode}”.")
    label = season_label(tournament.date)
    season = cup.seasons.filter(label=label).first() or create_season(cup=cup, label=label)
    return add_tournament(season=season, tournament=tournament, is_final=is_final)
