"""One constant per limit: the length of a player's name, club and region is tournament/names.py's
TEXT_MAX (re-exported as tournament.players.PLAYER_TEXT_MAX), a team's name is Team.name's column; every
model, form and the hub's document read them, so changing the limit is one edit."""

from __future__ import annotations

import ast
import re

import pytest
from test_boundaries import ROOT, source_files

from publishing.schema import PlayerPart, TeamPart
from signup.forms import SignUpForm
from signup.models import SignUp
from tournament.forms import PlayerForm
from tournament.models import Player, Team
from tournament.names import TEXT_MAX
from tournament.players import PLAYER_TEXT_MAX
from tournament.teams import MAX_NAME

# Where a player's or a team's name is limited; a number written in one of these is a second copy.
HOLDERS = {"Player", "SignUp", "PlayerForm", "SignUpForm", "PlayerPart", "TeamPart", "Team"}


def written_twice(source: str, limits: set[int]) -> list[str]:
    """The lines of ``source`` that write one of ``limits`` as a number: inside a class holding a name's
    limit, or as the value of a module constant that should read the one home."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name in HOLDERS:
            found += [f"{node.name}:{c.lineno}" for c in ast.walk(node)
                      if isinstance(c, ast.Constant) and type(c.value) is int and c.value in limits]
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") in ("PLAYER_TEXT_MAX", "MAX_NAME") for t in node.targets):
            if isinstance(node.value, ast.Constant):
                found.append(f"constant:{node.lineno}")
    return found


def test_a_players_and_a_teams_text_limit_is_written_once():
    limits = {TEXT_MAX, MAX_NAME}
    wrong = {path.relative_to(ROOT).as_posix(): lines for path in source_files()
             if (lines := written_twice(path.read_text(encoding="utf-8"), limits))}
    # The one place each is written: names.py's TEXT_MAX (not in a holder) and Team.name's column.
    assert wrong == {"tournament/models.py": [f"Team:{_line_of_team_name()}"]}


def _line_of_team_name() -> int:
    source = (ROOT / "tournament/models.py").read_text(encoding="utf-8")
    return next(n for n, line in enumerate(source.splitlines(), start=1) if '_("Mannschaft"), max_length=' in line)


def test_a_second_copy_is_caught():
    assert written_twice("class PlayerForm:\n    name = CharField(max_length=120)\n", {120}) == ["PlayerForm:2"]
    assert written_twice("PLAYER_TEXT_MAX = 120\n", {120}) == ["constant:1"]


def test_every_holder_reads_the_one_limit():
    assert PLAYER_TEXT_MAX == TEXT_MAX
    for field in ("name", "club", "region"):
        assert Player._meta.get_field(field).max_length == TEXT_MAX
        assert PlayerForm.base_fields[field].max_length == TEXT_MAX
        assert PlayerPart.model_fields[field].metadata[0].max_length == TEXT_MAX
    for field in ("name", "club"):
        assert SignUp._meta.get_field(field).max_length == TEXT_MAX
        assert SignUpForm.base_fields[field].max_length == TEXT_MAX
    assert Team._meta.get_field("name").max_length == MAX_NAME
    assert TeamPart.model_fields["name"].metadata[0].max_length == MAX_NAME


HAND_WRITTEN_MAXLENGTH = re.compile(r'maxlength="\d+"')


def test_no_page_writes_an_input_limit_by_hand():
    """An input's maxlength comes from the limit's one constant (the substitute's name and club, a team's
    name, a table's reason), never a number written into a template or a column's template code."""
    written = [f"{path.relative_to(ROOT)}:{number}" for path in [*ROOT.glob("templates/**/*.html"),
                                                                 *ROOT.glob("*/templates/**/*.html"), *source_files()]
               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
               if HAND_WRITTEN_MAXLENGTH.search(line)]
    assert not written, written
    assert HAND_WRITTEN_MAXLENGTH.search('<input name="name" maxlength="120">')


@pytest.mark.django_db
def test_the_pages_offer_the_limits_of_their_fields(client, director, make_tournament):
    from tournament.models import REASON_MAX

    tournament = make_tournament("tirol", players=7, slug="limits")  # a bye: the substitute form shows
    client.force_login(director)
    round_page = client.get(f"/turniere/{tournament.slug}/runde/1/").content.decode()
    assert f'name="club" maxlength="{TEXT_MAX}"' in round_page and f'maxlength="{REASON_MAX}"' in round_page
    teams_page = client.get(f"/turniere/{tournament.slug}/mannschaften/").content.decode()
    assert f'maxlength="{MAX_NAME}"' in teams_page


def _imported_modules(path) -> set[str]:
    return {node.module for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ImportFrom) and node.module}


def test_a_reason_and_a_who_have_one_limit_beside_their_models():
    """Why a table ended (RoundEvent.reason) is limited by tournament.models.REASON_MAX and who did something
    (a scorer's name, an account) by the column scoring.models.WHO_MAX: the hub's document and the pages read
    them there, not from a forms module, and no module cuts a who at a number of its own."""
    from publishing import schema
    from scoring.models import WHO_MAX, Correction, Hand, HandRevision
    from tournament.forms import ReasonForm
    from tournament.models import REASON_MAX

    for module in ("publishing/schema.py", "publishing/document.py", "website/tables.py"):  # data, not forms
        assert "tournament.forms" not in _imported_modules(ROOT / module), module
    assert ReasonForm.base_fields["reason"].max_length == REASON_MAX
    assert schema._EventPart.model_fields["reason"].metadata[0].max_length == REASON_MAX
    assert [Hand._meta.get_field("entered_by").max_length, HandRevision._meta.get_field("by").max_length,
            Correction._meta.get_field("by").max_length] == [WHO_MAX] * 3
    parts = [part for part in vars(schema).values() if isinstance(part, type) and issubclass(part, schema.BaseModel)]
    who_fields = [(part.__name__, name) for part in parts for name in ("by", "back_by", "entered_by")
                  if name in part.model_fields]
    assert len(who_fields) >= 5
    assert all(part.model_fields[name].metadata[0].max_length == WHO_MAX for part in parts
               for name in ("by", "back_by", "entered_by") if name in part.model_fields), who_fields
    cut_by_hand = [f"{path.relative_to(ROOT)}:{number}" for path in source_files()
                   if path.parts[len(ROOT.parts)] in ("scoring", "publishing")
                   for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                   if f"[:{WHO_MAX}]" in line]
    assert not cut_by_hand, cut_by_hand
