"""A season's rules in words (issue 30, point 6): what counts, who qualifies, how a tie is broken, with the
plural forms right ("1 Turnier"). One source for the season page, its PDF and its workbook, so the three
and the qualification column say the same. Rendered in the active language (gettext, msgids German)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from cups.season import FINAL_DECIDES, FINAL_DOUBLE, FINAL_PLUS, TIE_ABAKUS_FIXED, TIE_ABAKUS_HEINE


def _counting(s) -> list[str]:
    held = ngettext("%(t)s Turnier gespielt.", "%(t)s Turniere gespielt.", s.tournaments) % {"t": s.tournaments}
    counted = ngettext("Es zählt das beste Ergebnis (%(scheme)s).", "Es zählen die besten %(n)s Ergebnisse (%(scheme)s).",
                       s.counted) % {"n": s.counted, "scheme": s.scheme.name}
    final = {FINAL_PLUS: gettext("Das Finale zählt zusätzlich zu den besten Ergebnissen."),
             FINAL_DOUBLE: gettext("Das Finale zählt doppelt."),
             FINAL_DECIDES: gettext("Das Finale entscheidet.")}.get(s.rules.final_mode if s.rules else "")
    return [held, counted, *([final] if final else [])]


def _qualifying(s) -> list[str]:
    said = []
    if s.min_tournaments:
        said.append(ngettext("Qualifiziert ist, wer mindestens %(n)s Turnier der Saison gespielt hat.",
                             "Qualifiziert ist, wer mindestens %(n)s Turniere der Saison gespielt hat.",
                             s.min_tournaments) % {"n": s.min_tournaments})
    if s.final_qualifiers:
        to_final = bool(s.rules and s.rules.final_mode != "none") or bool(s.cup.qualifies_for_id)
        if to_final:
            text = ngettext("Der Beste der Wertung kommt ins Finale.", "Die besten %(q)s der Wertung kommen ins Finale.",
                            s.final_qualifiers)
        else:
            text = ngettext("Qualifiziert ist nur der Beste der Wertung.", "Qualifiziert sind die besten %(q)s der Wertung.",
                            s.final_qualifiers)
        said.append(text % {"q": s.final_qualifiers})
        if s.min_tournaments:
            said.append(gettext("Gezählt werden dabei nur Spieler, die die Mindestzahl an Turnieren erreichen."))
        said.append(gettext("Wer sich an der Grenze den Rang mit einem Qualifizierten teilt, ist ebenfalls qualifiziert."))
    return said


def _ties(s) -> str:
    rule = s.rules.tie_rule if s.rules else ""
    if rule == TIE_ABAKUS_FIXED:
        return gettext("Bei gleichen Punkten (wie in ABAKUS): zuerst die gewichtete Summe der gewerteten Ergebnisse "
                       "(jedes zählt doppelt so viel wie das nächstbeste), dann mehr Teilnahmen; sonst gleicher Rang.")
    if rule == TIE_ABAKUS_HEINE:
        return gettext("Bei gleichen Punkten teilen sich die Spieler den Rang (wie in ABAKUS).")
    return gettext("Bei gleichen Punkten: zuerst der bessere beste Turnierrang, dann mehr Teilnahmen; sonst gleicher "
                   "Rang.")


def season_sentences(s) -> list[str]:
    """The sentences for a SeasonStandings (cups/selectors.py): counting, qualification, ties."""
    return [*_counting(s), *_qualifying(s), _ties(s)]


def outside_the_line(s) -> str:
    """The qualification column's word for a player with the minimum who ranks outside the qualifiers."""
    return ngettext("nicht unter dem Besten", "nicht unter den besten %(q)s", s.final_qualifiers or 0) % {
        "q": s.final_qualifiers or 0}
