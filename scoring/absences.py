"""Pausing and leaving during a round (events.md, ABAKUS ``Pausierer1/2``): the only writes of
``Table.absences``.

A player at a table of five or six may pause "until further notice": from the next hand on he sits
out every hand until he returns, and the deal passes over him (scoring/seats.py). A player may leave
the table: the table plays its remaining hands with who is left (a five goes on as a four) and his
hands played so far stand. Both take effect from the next hand to be entered, so no stored hand
changes its players; at least four must stay at the table. Each write goes through the table's lock
and version like a hand (scoring.services), so a page that saw the table before is told to reload.
Each entry keeps when it was recorded and by whom (``by``: a who code as a hand's revision keeps it,
``scoring.services.SCORER`` or ``director_code(user)``), and so does the return that ends a pause.
"""

from __future__ import annotations

from dataclasses import replace

from django.utils import timezone
from django.utils.translation import gettext_lazy

from language import ServiceError
from scoring.models import WHO_MAX
from scoring.seats import LEFT, PAUSE, Absence, absences_of, present_positions
from scoring.services import _table_write
from tournament import live
from tournament.events import ChangeKind
from tournament.models import Table


def _name(table: Table, position: int) -> str:
    seat = table.seats.select_related("entry__player").filter(position=position).first()
    if seat is None:
        raise ServiceError(gettext_lazy("Diesen Platz gibt es an diesem Tisch nicht."))
    return seat.entry.player.name


def _next_hand(table: Table) -> int:
    if table.is_complete:
        raise ServiceError(gettext_lazy("Tisch %(table)s hat alle Spiele."), table=table.number)
    return table.hands_entered + 1


def _now() -> str:
    return timezone.now().isoformat()


def _check_four_stay(table: Table, absences: list[Absence], number: int, name: str) -> None:
    if len(present_positions(number, table.seats.count(), absences)) < 4:
        raise ServiceError(gettext_lazy(
            "Ohne %(name)s säßen weniger als vier Spieler am Tisch: so kann nicht weitergespielt werden (die Turnierleitung kann "
            "den Tisch beenden)."), name=name)


@live.write_service(kind=ChangeKind.PAUSE)
def pause_player(*, table: Table, position: int, by: str, expected_version: int | None = None,
                 director: bool = False) -> Table:
    """The player at ``position`` sits out from the next hand until he returns (tables of five and six)."""
    with _table_write(table, expected_version=expected_version, director=director, fields=("absences",)) as table:
        name, number = _name(table, position), _next_hand(table)
        if table.seats.count() < 5:
            raise ServiceError(gettext_lazy("Pausieren geht nur an einem Fünfer- oder Sechsertisch."))
        absences = list(absences_of(table.absences))
        if position not in present_positions(number, table.seats.count(), absences):
            raise ServiceError(gettext_lazy("%(name)s pausiert schon oder hat den Tisch verlassen."), name=name)
        absences.append(Absence(position, number, None, PAUSE, at=_now(), by=by[:WHO_MAX]))
        _check_four_stay(table, absences, number, name)
        table.absences = [absence.to_plain() for absence in absences]
    return table


@live.write_service(kind=ChangeKind.LEAVE)
def leave_table(*, table: Table, position: int, by: str, expected_version: int | None = None,
                director: bool = False) -> Table:
    """The player at ``position`` leaves: the table plays its remaining hands without him."""
    with _table_write(table, expected_version=expected_version, director=director, fields=("absences",)) as table:
        name, number = _name(table, position), _next_hand(table)
        absences = list(absences_of(table.absences))
        if any(absence.position == position and absence.kind == LEFT for absence in absences):
            raise ServiceError(gettext_lazy("%(name)s hat den Tisch schon verlassen."), name=name)
        # A pause until further notice becomes the leave from the hand it started (nothing stored changes).
        paused = [a for a in absences if a.position == position and a.until_hand is None]
        absences = [a for a in absences if a not in paused]
        absences.append(Absence(position, paused[0].first_hand if paused else number, None, LEFT, at=_now(), by=by[:WHO_MAX]))
        _check_four_stay(table, absences, number, name)
        table.absences = [absence.to_plain() for absence in absences]
    return table


@live.write_service(kind=ChangeKind.PAUSE)
def return_player(*, table: Table, position: int, by: str, expected_version: int | None = None,
                  director: bool = False) -> Table:
    """A paused player plays again from the next hand (a leave tapped by mistake is taken back while no
    hand has been entered since)."""
    with _table_write(table, expected_version=expected_version, director=director, fields=("absences",)) as table:
        name, number = _name(table, position), _next_hand(table)
        absences = list(absences_of(table.absences))
        current = next((a for a in absences if a.position == position and a.until_hand is None), None)
        if current is None:
            raise ServiceError(gettext_lazy("%(name)s pausiert nicht."), name=name)
        if current.kind == LEFT and current.first_hand < number:
            raise ServiceError(gettext_lazy("%(name)s hat den Tisch verlassen; seither wurde gespielt."), name=name)
        absences.remove(current)
        if current.first_hand < number:  # he sat out hands: they stay as they were
            absences.append(replace(current, until_hand=number, back_at=_now(), back_by=by[:WHO_MAX]))
        table.absences = [absence.to_plain() for absence in absences]
    return table
