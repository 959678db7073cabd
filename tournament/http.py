"""Reading what a browser sends: a malformed value is a default or a 4xx, never a 500."""

from __future__ import annotations

from collections.abc import Mapping


def int_param(values: Mapping, name: str, default: int | None = None, *, low: int = -(2**31), high: int = 2**31 - 1
              ) -> int | None:
    """``values[name]`` as a whole number within [low, high]; ``default`` when it is missing or is none."""
    text = str(values.get(name, "")).strip()
    try:
        number = int(text)
    except ValueError:
        return default
    return number if low <= number <= high else default
