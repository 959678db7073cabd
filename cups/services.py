"""Writes for cups: keyword-only arguments, validation first, one transaction each (HackSoft style)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from cups import schemes
from cups.models import Cup, CupScheme, Season, SeasonTournament, season_slug
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
               best_n: int | None = None, final_mode: str = "none", final_penalties: bool = False) -> Cup:
    if final_mode not in FINAL_MODES:
        raise ServiceError(f"Unbekannte Finalregel „{final_mode}“.", f"Unknown final mode “{final_mode}”.")
    if scheme not in schemes.BUILTIN and not CupScheme.objects.filter(key=scheme).exists():
        raise ServiceError(f"Unbekannte Wertung „{scheme}“.", f"Unknown scheme “{scheme}”.")
    cup = Cup(name=name, slug=slug, scheme=scheme, ruleset_slug=ruleset_slug, region=region, best_n=best_n,
              final_mode=final_mode, final_penalties=final_penalties)
    _refuse_invalid(cup)
    cup.save()
    return cup


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
                         final_mode: str | None = None, is_final: bool = False) -> SeasonTournament:
    """Put ``tournament`` into the current season of cup ``cup_slug`` (the season its date falls in),
    creating the cup (named after its slug, with ``scheme`` or "fixed" and ``final_mode`` or "none") and
    the season when new; ``is_final``: the tournament is the season's cup final."""
    cup = Cup.objects.filter(slug=cup_slug).first()
    if cup is None:
        cup = create_cup(name=cup_slug.replace("-", " ").title(), slug=cup_slug, scheme=scheme or "fixed",
                         ruleset_slug=tournament.ruleset_slug, final_mode=final_mode or "none")
    elif scheme is not None and scheme != cup.scheme:
        raise ServiceError(f"Der Cup „{cup_slug}“ wertet nach „{cup.scheme}“, nicht nach „{scheme}“.",
                           f"Cup “{cup_slug}” uses the scheme “{cup.scheme}”, not “{scheme}”.")
    elif final_mode is not None and final_mode != cup.final_mode:
        raise ServiceError(f"Der Cup „{cup_slug}“ wertet das Finale nach „{cup.final_mode}“, nicht nach „{final_mode}“.",
                           f"Cup “{cup_slug}” scores its final as “{cup.final_mode}”, not “{final_mode}”.")
    label = season_label(tournament.date)
    season = cup.seasons.filter(label=label).first() or create_season(cup=cup, label=label)
    return add_tournament(season=season, tournament=tournament, is_final=is_final)
