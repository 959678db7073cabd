"""A player's page says "1 Punkt" / "1 point" and "1,50 Punkte" / "40 points": gettext's plural forms, fed
a whole number (a Decimal is deprecated there)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.template import Context, Template
from django.utils import translation

from web.templatetags.tarock import plural_count

LINE = Template('{% load i18n tarock %}{% blocktranslate count n=points|plural_count with p=points|floatformat:"-2" %}'
                '{{ p }} Punkt{% plural %}{{ p }} Punkte{% endblocktranslate %}')


@pytest.mark.parametrize("points, german, english", [
    (Decimal("1"), "1 Punkt", "1 point"), (Decimal("1.00"), "1 Punkt", "1 point"),
    (Decimal("1.5"), "1,50 Punkte", "1.50 points"), (Decimal("40"), "40 Punkte", "40 points"),
    (Decimal("0"), "0 Punkte", "0 points"), (Decimal("-4"), "-4 Punkte", "-4 points"),
])
def test_a_round_total_reads_in_the_right_number(points, german, english):
    for language, expected in (("de", german), ("en", english)):
        with translation.override(language):
            assert LINE.render(Context({"points": points})) == expected


def test_the_count_is_a_whole_number():
    assert [plural_count(Decimal(v)) for v in ("1", "1.00", "1.5", "-0.5", "12")] == [1, 1, 2, 2, 12]
