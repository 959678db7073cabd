"""How hard the property tests try: thorough in CI (CI=true), quick on a developer's machine.

HYPOTHESIS_PROFILE=thorough or =quick chooses explicitly. Tests that name their own number of
examples pass it through ``examples(n)``: n when thorough, a fifth of it (at least 10) when quick.
Thorough is derandomized (the same examples each run), quick draws new ones.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("thorough" if os.environ.get("CI") else "quick")
if PROFILE not in ("thorough", "quick"):
    raise SystemExit(f"HYPOTHESIS_PROFILE={PROFILE!r}: use 'thorough' or 'quick'")

# CI walks the same examples every run (derandomize): a red CI then means the code changed, never the draw. The
# quick profile keeps drawing new ones on developers' machines, which is where a new counter-example turns up
# (the Sack beside a Valat that test_deals found, issue 32) and becomes a case of its own.
settings.register_profile("thorough", max_examples=100, deadline=None, print_blob=True, derandomize=True)
settings.register_profile("quick", max_examples=20, deadline=None)
settings.load_profile(PROFILE)


def examples(n: int) -> int:
    return n if PROFILE == "thorough" else max(10, n // 5)
