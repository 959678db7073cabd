"""A rating's history as the geometry of a server-drawn SVG line chart (pure; the template draws it, no script)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str  # the polyline's points
    dots: list[dict]  # each tournament: x, y, its label
    top: float
    bottom: float
    top_y: float
    bottom_y: float
    years: list[dict]  # x and label of each year's first tournament


def history_chart(history: list[list], *, width: int = 600, height: int = 180, pad: int = 36) -> Chart | None:
    """``history`` as stored ([[date ISO, name, rank, field, rating], ...], oldest first); None when empty."""
    if not history:
        return None
    values = [float(step[4]) for step in history]
    low, high = min(values), max(values)
    if high - low < 1:
        low, high = low - 0.5, high + 0.5
    step_x = (width - 2 * pad) / max(len(history) - 1, 1)

    def y(value: float) -> float:
        return round(height - pad / 2 - (height - pad) * (value - low) / (high - low), 1)

    dots, years, seen = [], [], set()
    for index, (day, name, rank, field, value) in enumerate(history):
        x = round(pad + index * step_x, 1)
        dots.append({"x": x, "y": y(float(value)), "label": f"{day} {name}: {rank}/{field} → {value}"})
        if day[:4] not in seen:
            seen.add(day[:4])
            years.append({"x": x, "label": day[:4]})
    return Chart(width, height, " ".join(f"{d['x']},{d['y']}" for d in dots), dots, round(high, 2), round(low, 2),
                 y(high), y(low), years)
