"""A rule set's tariff as display rows: one source for the home page and the generated docs.

Pure Python (no Django), so docs/rules/<slug>.md can be rendered and checked anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.cardpoints import format_thirds
from rules.engine.catalogue import NEGATIVE, POSITIVE
from rules.engine.ruleset import Cite, RuleSet

SOURCE_FILES = {
    "000": "000_debe8f38cfb17d10.txt",
    "001": "001_8ac088c378144e85.txt",
    "002": "002_ba3a7f9b6158db14.txt",
    "003": "003_e5d17c757ea69316.txt",
    "004": "004_d5f1829bbd610d50.txt",
    "rule-notes": "rule-notes.md",
    "hand-format": "hand-format.md",
    "cup-rules": "cup-rules.md",
    "abakus-tirol": "abakus-tirol.md",
}
KIND_DE = {POSITIVE: "positiv", NEGATIVE: "negativ", "trischaken": "Trischaken"}
TALON_DE = {"half": "3 Karten", "whole": "6 Karten", "one": "1 Karte", "none": "ohne"}
VALAT_DE = {
    "premium": "Prämie wie jede andere",
    "game_multiple": "ersetzt das Spiel (Vielfaches des Spielwerts)",
    "multiplier": "vervielfacht Spiel und Ansagen",
    "override": "zählt allein (hebt Spiel und Prämien auf)",
}
BONUS_KIND_DE = {"material": "Materialprämien (Trull, Könige, Säcke)", "trick": "Stichprämien", "declaration": "Meldungen"}
TIE_BREAK_DE = {"best_round": "beste Runde", "lots": "Los", "final_round": "bessere Finalrunde",
                "round_results": "bessere Rundenergebnisse (beste, dann zweitbeste … Runde)"}


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]
    cite: Cite


def contract_rows(rs: RuleSet) -> list[Row]:
    rows = []
    for c in rs.contracts:
        bonuses = ", ".join(b.name for b in rs.bonuses if b.slug in c.bonuses) or "–"
        extras = []
        if c.required_birds:
            extras.append(("Vogerl im Blatt nötig (eingetragen, wenn angesagt oder gespielt): " if c.bird_optional
                           else "Vogerl nötig: ") + "/".join(b.name for b in rs.bonuses if b.slug in c.required_birds))
        if c.surrender:
            fixed = f" (fest {c.surrender_value} an jeden)" if c.surrender_value is not None else ""
            extras.append("schleifen möglich" + fixed)
        if c.kontra_void_when_alone:
            extras.append("Kontra ungültig, wenn König im Talon")
        if c.needs_announcement:
            extras.append("nur mit Ansage")
        if c.partner_required:
            extras.append("Partner immer")
        rows.append(Row((
            c.name, c.slug, str(c.value), KIND_DE[c.kind] + (" (Farbenspiel)" if c.farbenspiel else ""),
            "ja" if c.vorhand_only else "", "ruft" if c.calls_partner else "allein", TALON_DE[c.talon],
            f"×{c.bonus_factor}" if c.bonus_factor != 1 else "", f"×{c.loss_factor}" if c.loss_factor != 1 else "",
            bonuses, "; ".join(extras),
        ), c.source))
    return rows


CONTRACT_HEADERS = ("Spiel", "slug", "Wert", "Art", "nur Vorhand", "Partner", "Talon", "Prämien ×", "Verlust ×",
                    "erlaubte Prämien", "Besonderes")


def bonus_rows(rs: RuleSet) -> list[Row]:
    rows = []
    valat_note = {"premium": "", "game_multiple": "× Spielwert", "multiplier": "× Spiel und Ansagen", "override": ""}
    for b in rs.bonuses:
        unit = valat_note[rs.valat.kind] if b.slug == "valat" else ""
        if b.slug == "valat" and rs.valat.per_game_value:
            unit = "× Spielwert"
        extras = []
        if not b.kontra_allowed:
            extras.append("kein Kontra")
        if not b.can_fail:
            extras.append("kann nicht verloren gehen")
        if b.valat_exempt:
            extras.append("nie vervielfacht")
        if b.min_card_points is not None:
            extras.append(f"ab {format_thirds(b.min_card_points)} Kartenpunkten der Partei")
        if b.excluded_by:
            extras.append("nicht neben " + ", ".join(rs.bonus(x).name for x in sorted(b.excluded_by)))  # type: ignore[union-attr]
        rows.append(Row((
            b.name, b.slug, _value(b.silent, unit), _value(b.announced, unit),
            "×2 im Solo" if b.solo_doubling else "", "; ".join(extras),
        ), b.source))
    return rows


BONUS_HEADERS = ("Prämie", "slug", "still", "angesagt", "Solospiele", "Besonderes")


def _value(value: int | None, unit: str) -> str:
    if value is None:
        return "–"
    return f"{value}{' ' + unit if unit else ''}"


def setting_rows(rs: RuleSet) -> list[Row]:
    f = rs.format
    rows = [
        Row(("Spiel gewonnen ab", f"{format_thirds(rs.win_threshold)} von {rs.total_card_points} Kartenpunkten"),
            rs.citations["win_threshold"]),
        Row(("Kartenpunkte im Spiel", str(rs.total_card_points)), rs.citations["total_card_points"]),
        Row(("Kontrastufen", " / ".join(f"×{k}" for k in rs.kontra_levels if k != 1)), rs.citations["kontra_levels"]),
        Row(("Kontras in der Wertung", "ja" if rs.kontra_counts_for_standings else "nein, nur Geld"),
            rs.citations["kontra_counts_for_standings"]),
        Row(("Eigenen König rufen", "erlaubt (allein)" if rs.own_king_allowed else "nicht erlaubt"),
            rs.citations["own_king_allowed"]),
        Row(("Valat", VALAT_DE[rs.valat.kind] + (
            f"; daneben zählen nicht: {', '.join(BONUS_KIND_DE[kind] for kind in sorted(rs.valat.voids))}"
            if rs.valat.voids else "")), rs.valat.source),
    ]
    if rs.trischaken is not None:
        rows.append(Row(("Trischaken", trischaken_summary(rs)), rs.trischaken.source))
    renonce = {"as_winner": "alle anderen schreiben, als hätten sie gewonnen",
               "fixed_each": "Schuldiger zahlt jedem Spiel und Ansagen"}.get(
        rs.renonce.kind if rs.renonce else "", "keine Wertung")
    if rs.renonce is not None and rs.renonce.claims_on_top:
        renonce += "; weiterer Verlust wird beim Schuldigen nachgefordert (Buchung zum Spiel)"
    rows.append(Row(("Renonce", renonce), rs.renonce.source if rs.renonce else rs.format.source))
    final = f"; Finale der besten {f.final_round_top} mit {f.final_round_carry_percent} % der Punkte" if f.final_round_top else ""
    rows.append(Row(("Spielrichtung", {"anticlockwise": "gegen den Uhrzeigersinn", "clockwise": "im Uhrzeigersinn"}.get(
        f.direction, f.direction)), f.direction_source or f.source))
    if not f.late_entry:
        rows.append(Row(("Nachmelden", "nicht möglich: wer zu Runde 1 nicht da ist, spielt nicht mit"),
                        f.late_entry_source or f.source))
    rows.append(Row(("Turnier", f"{f.rounds} Runden zu {f.hands_at_four} Spielen"
                     + (f" ({f.hands_at_five} am Fünfertisch)" if f.tables_of_five else ", nur Vierertische")
                     + final + f"; Gleichstand: {', '.join(TIE_BREAK_DE[t] for t in f.tie_breaks)}"
                     + f"; {f.stake_cents} Cent je Punkt"), f.source))
    return rows + _time_limit_rows(f)


def _time_limit_rows(f) -> list[Row]:
    """The time limit where the rule set's text gives a number, and the final's where it has its own."""
    rows = []
    if f.time_limit_minutes:
        rows.append(Row(("Zeitlimit", f"{f.time_limit_minutes} Minuten je Runde"), f.time_limit_source or f.source))
    if f.final_round_top and f.final_time_limit_minutes is not None:
        rows.append(Row(("Zeitlimit im Finale", f"{f.final_time_limit_minutes} Minuten" if f.final_time_limit_minutes
                         else "keines"), f.final_time_limit_source or f.source))
    return rows


SETTING_HEADERS = ("Regel", "Wert")


def trischaken_summary(rs: RuleSet) -> str:
    t = rs.trischaken
    assert t is not None
    if t.kind == "most_pays":
        text = (f"Meiste Punkte zahlt jedem {t.unit} (ab {format_thirds(t.mayor_threshold)} doppelt), "
                f"Gleichauf zahlt jeder jedem {t.unit}; Vorhand als Verlierer ×{t.declarer_factor}"
                + (" (auch gleichauf)" if t.declarer_tied_pays else "")
                + ("; Jungfrauen teilen die Zahlung (aufgerundet)" if t.virgins == "share"
                   else "; jede Jungfrau bekommt das Dreifache"))
        if t.renonce_declarer_factor != 1:
            text += f"; Renonce der Vorhand ×{t.renonce_declarer_factor}"
    elif t.kind == "loser_pays":
        text = (f"Meiste Punkte zahlt jedem {t.unit} (ab {format_thirds(t.mayor_threshold)} doppelt), "
                f"Jungfrauen bekommen alles; Vorhand als Verlierer ×{t.declarer_factor}")
    else:
        text = (f"Die zwei mit den meisten Punkten zahlen je {t.unit}; "
                f"Bürgermeister (ab {format_thirds(t.mayor_threshold)}) zahlt jedem {t.alone_unit}")
        if t.declarer_most_pays_alone:
            text += f", ebenso Vorhand mit den meisten Punkten (als Bürgermeister ×{t.declarer_factor})"
        text += f"; Jungfrau bekommt von jedem {t.virgin_unit}"
        text += " (statt der Paarzahlung)" if t.extras == "replace" else " (zusätzlich)"
    if t.renonce_unit:
        text += f"; Renonce zahlt jedem {t.renonce_unit}"
    return text

