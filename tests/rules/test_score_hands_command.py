"""The spec's examples and error behaviour through the real `manage.py score_hands` (a subprocess)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# The same on every database: run once, in the SQLite phase of `make test` (the marker `once`).
pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]
SPEC_EXAMPLES = [
    {"contract": "dreier", "declarer": 2, "result": "won"},
    {"contract": "rufer", "declarer": 0, "partner": 2, "result": "won", "bonuses": [{"bonus": "pagat", "side": "opponents"}]},
    {"contract": "bettler", "declarer": 1, "result": "lost", "kontra": {"0": 2}},
    {"contract": "trischaken", "card_points": ["10", "20+1", "30+2", "9"]},
]


ENV = {**os.environ, "DJANGO_SETTINGS_MODULE": "website.settings",
       # A database that cannot exist: the command must never need one.
       "DATABASE_URL": "postgres://nobody@127.0.0.1:1/never"}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "score_hands", *args], input=stdin, capture_output=True, text=True,
        cwd=ROOT, env=ENV, timeout=120,
    )


def lines(process: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in process.stdout.splitlines()]


def test_list_rules_prints_the_seeds_and_the_cups_slugs():
    process = run("--list-rules")
    assert process.returncode == 0
    # hand-format.md: the five seeds, the cups that play today (cup-rules.md), then Tirol 2020.
    assert process.stdout.split() == ["tirol", "hopfgarten", "ooe", "pagat", "skill7", "raiffeisen", "oefinale", "sauwald", "tirol2020"]


@pytest.mark.parametrize("slug", ["raiffeisen", "oefinale", "sauwald"])
def test_the_cups_rule_sets_score_through_the_command(slug):
    process = run("--rules", slug, stdin='{"contract": "dreier", "declarer": 2, "result": "won", "kontra": 2}\n')
    assert process.returncode == 0, process.stderr
    # Kontras move only the money in all three (cup-rules.md).
    assert lines(process) == [{"points": [-4, -4, 12, -4], "cash": [-8, -8, 24, -8]}]


def test_spec_examples_under_tirol_from_json_lines_on_stdin():
    process = run("--rules", "tirol", stdin="\n".join(json.dumps(h) for h in SPEC_EXAMPLES) + "\n")
    assert process.returncode == 0, process.stderr
    assert lines(process) == [
        # Dreier 5, declarer alone wins 3 × 5 (seed 000 table, rule-notes distribution)
        {"points": [-5, -5, 15, -5], "cash": [-5, -5, 15, -5]},
        # Rufer 1 won by seats 0 and 2; the opponents' silent Pagat 1 goes back: nets to 0
        {"points": [0, 0, 0, 0], "cash": [0, 0, 0, 0]},
        # Bettler 4 lost: declarer pays each opponent 4; seat 0's kontra doubles only its 4, in cash only
        {"points": [4, -12, 4, 4], "cash": [8, -16, 4, 4]},
        # Trischaken: seats 1 and 2 have the most card points and pay 2 each to seats 0 and 3
        {"points": [2, -2, -2, 2], "cash": [2, -2, -2, 2]},
    ]


def test_a_json_array_in_a_file_gives_one_line_per_hand_in_order(tmp_path):
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(SPEC_EXAMPLES[:2]))
    process = run("--rules", "hopfgarten", str(path))
    # Hopfgarten: Auf (dreier) 5 alone; its Rufer needs an announcement, so the bare Rufer is refused.
    assert process.returncode == 1
    first, second = lines(process)
    assert first == {"points": [-5, -5, 15, -5], "cash": [-5, -5, 15, -5]}
    assert "Ansage" in second["error"] and "announcement" in second["error"]


def test_invalid_hands_get_an_error_line_the_others_are_still_scored_exit_1():
    hands = [
        {"contract": "dreier", "declarer": 1, "result": "won"},
        {"contract": "zauberei", "declarer": 1, "result": "won"},
        "not a hand",
        {"contract": "trischaken", "card_points": ["10", "20", "30", "9"]},
        {"contract": "dreier", "declarer": 3, "result": "lost"},
    ]
    text = "\n".join(json.dumps(h) for h in hands) + "\n{broken json\n"
    process = run("--rules", "ooe", "-", stdin=text)
    assert process.returncode == 1
    out = lines(process)
    assert len(out) == 6
    assert out[0] == {"points": [-4, 12, -4, -4], "cash": [-4, 12, -4, -4]}
    assert "zauberei" in out[1]["error"]
    assert set(out[2]) == {"error"}
    assert "69" in out[3]["error"] and "70" in out[3]["error"]
    assert out[4] == {"points": [4, 4, 4, -12], "cash": [4, 4, 4, -12]}
    assert "JSON" in out[5]["error"]


def test_explain_adds_the_itemised_breakdown():
    hand = {"contract": "solodreier", "declarer": 1, "result": "won", "kontra": 2,
            "bonuses": [{"bonus": "trull", "side": "declarer", "announced": True}]}
    process = run("--rules", "tirol", "--explain", stdin=json.dumps(hand))
    (result,) = lines(process)
    game, trull = result["breakdown"]
    assert game["base"] == 10 and [f["code"] for f in game["factors"]] == ["kontra"]
    assert game["factors"][0]["standings"] is False
    assert trull["base"] == 2 and [f["code"] for f in trull["factors"]] == ["solo"]
    assert result["points"] == [-14, 42, -14, -14]  # (10 + 2×2) each, kontra cash-only
    assert result["cash"] == [-24, 72, -24, -24]  # (20 + 4) each


@pytest.mark.parametrize("lang,expected", [("de", "Vorhand"), ("en", "Vorhand (seat 0)")])
def test_error_language(lang, expected):
    process = run("--rules", "pagat", "--lang", lang, stdin=json.dumps({"contract": "rufer", "declarer": 3, "result": "won"}))
    (result,) = lines(process)
    assert expected in result["error"]
    assert (" / " in result["error"]) is False


def test_custom_rules_file(tmp_path):
    rules = tmp_path / "tirol-valat.json"
    rules.write_text(json.dumps({
        "slug": "tirol-valat", "name": "Tirol, Valat 4×/8× des Spiels", "version": 2, "base": "tirol",
        "overrides": {"valat": {"kind": "game_multiple"},
                      "bonuses": {"valat": {"silent": 4, "announced": 8, "solo_doubling": False}}},
    }))
    hand = {"contract": "dreier", "declarer": 2, "result": "won", "bonuses": [{"bonus": "valat", "side": "declarer"}]}
    process = run("--rules-file", str(rules), stdin=json.dumps(hand))
    assert process.returncode == 0, process.stderr
    # silent Valat = 4 × Dreier 5 = 20, replacing the game; alone: 3 × 20
    assert lines(process) == [{"points": [-20, -20, 60, -20], "cash": [-20, -20, 60, -20]}]


def test_a_broken_custom_rules_file_is_refused_with_every_problem(tmp_path):
    rules = tmp_path / "broken.json"
    rules.write_text(json.dumps({"slug": "x", "name": "kaputt", "version": 1, "base": "tirol",
                                 "overrides": {"kontra_levels": [2, 3]}}))
    process = run("--rules-file", str(rules), stdin="{}")
    assert process.returncode != 0
    assert "slug" in process.stderr and "kontra_levels" in process.stderr


def test_unknown_rule_set_is_refused():
    process = run("--rules", "wien", stdin="")
    assert process.returncode != 0
    assert "tirol" in process.stderr


def test_a_broken_array_is_read_line_by_line_so_each_bad_line_is_reported():
    text = '[{"contract": "dreier", "declarer": 2, "result": "won"},\n{"contract": "dreier", "declarer": 1, "result": "won"}\n'
    process = run("--rules", "tirol", stdin=text)
    assert process.returncode == 1
    assert [("error" in line) for line in lines(process)] == [True, False]  # the second line is a valid hand


def test_a_reader_that_stops_early_gets_no_traceback():
    """`score_hands ... | head -1`: the command stops quietly with the shell's SIGPIPE status, as cat does."""
    hand = json.dumps(SPEC_EXAMPLES[1])
    process = subprocess.Popen(
        [sys.executable, "manage.py", "score_hands", "--rules", "tirol"],
        cwd=ROOT, env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    process.stdin.write(("\n".join([hand] * 20_000) + "\n").encode())
    process.stdin.close()
    first = process.stdout.readline()
    process.stdout.close()  # the reader goes away with most of the answer unread
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141
    assert json.loads(first)
    assert "Traceback" not in stderr and stderr == ""
