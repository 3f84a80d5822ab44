"""The validator: every finding of a broken file, with its exact location and message."""
from __future__ import annotations

import subprocess
import sys

import pytest

from rulebook import check_file
from rulebook.source.load import GameFileError

from conftest import DATA, GAMES

BROKEN = DATA / "broken"
COLOUR_WORDS = ("#rgb, #rrggbb or one of black, blue, brown, cyan, gold, gray, green, grey, ivory, magenta, navy, "
                "orange, pink, purple, red, silver, tan, teal, white, yellow")

EXPECTED = {
    "yaml_syntax.yaml": ["4:12: YAML syntax: mapping values are not allowed here"],
    "duplicate_key.yaml": ["6:3: duplicate key 'grid' (first at line 5)"],
    "python_tag.yaml": [
        "1:7: YAML tag !!python/object/apply:os.system is not allowed in a game file",
        "2:11: YAML tag !include is not allowed in a game file",
    ],
    "structure.yaml": [
        "3:3: unknown key 'cell'; expected one of: blocks, cells, graph, grid, hex, lines, open, ring, track",
        "4:17: '7' is not a whole number, nor option.NAME",
        "5:31: 'players.0.forward' must be north, south, east, west or degrees counter-clockwise from east "
        "(0..345, steps of 15)",
        "6:1: unknown key 'boards'; expected one of: about, board, counters, directions, end, evaluate, extends, "
        "game, glossary, hands, look, notation, options, phases, pieces, player_count, players, position, routes, scoring, seating, stones, tiles, zones",
    ],
    "missing.yaml": ["1:1: 'board' is missing", "1:1: 'phases' is missing"],
    "dsl_syntax.yaml": [
        "5:25: unexpected '%' in expression; expected '(', '-', 'false', 'true', a name, a number",
        "9:9: ranks must lie within 1..5, low to high",
        "14:25: unexpected '|' in pattern; expected '(', a name",
        "16:35: expression ends too early; expected '(', '-', 'false', 'not', 'true', a name, a number",
        "18:28: unexpected '=' in expression: did you mean '=='? (equality is written ==; a single = only names "
        "an argument, as in drop(zone, count=2))",
    ],
    "names_and_types.yaml": [
        "14:18: unknown zone 'hoem'",
        "17:16: step needs a direction set, not a zone",
        "17:41: over must be any, mine or theirs",
        "17:52: unknown action 'zap' (actions: step, slide, jump, place, drop, flip, shoot, when, take, shift, custodial, hop, surround, stride, turn, enclose, sow, fly, remove)",
        "21:32: unknown name 'gaol' (did you mean 'goal'?)",
        "22:16: landing rule counted must be a condition, not a number",
        "23:25: 'in' needs a zone's name on its right, not a direction set",
        "25:8: unknown name 'far'",
        "26:24: 'surrender' is not a choice of option.rule (pass, lose)",
        "27:12: option limit must offer only the choices pass, lose and draw",
        "28:11: evaluate must be a number, not a condition",
    ],
    "look.yaml": [
        "12:10: look.board: 'beige' is not a colour the pictures know: " + COLOUR_WORDS,
        "13:16: look.colours.x: 'crimson' is not a colour the pictures know: " + COLOUR_WORDS,
        "13:36: look.colours: 'z' is not a seat of this game (x, o)",
        "14:22: look.symbols: 'crown' is not a piece kind or a feature of this game (mark)",
        "15:28: look.zones: 'nowhere' is not a zone of this game (all_cells)",
        "16:14: look.features: 'city' is not a feature of this game (it has none)",
    ],
    "options.yaml": [
        "4:20: default 5 is outside min/max",
        "5:19: default 'fast' is not one of the choices",
        "15:5: phase 'opening' needs 'turns' (or 'plies'): only the last phase lasts until the end",
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_file_findings(name):
    with pytest.raises(GameFileError) as info:
        check_file(BROKEN / name)
    got = [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings]
    assert got == EXPECTED[name]
    assert all(f.file.endswith(name) for f in info.value.findings)


def test_every_broken_file_is_covered():
    assert sorted(p.name for p in BROKEN.glob("*.yaml")) == sorted(EXPECTED)


def test_shipped_games_are_valid():
    for path in sorted(GAMES.glob("*.yaml")):
        check_file(path)


def test_a_python_tag_never_runs(tmp_path):
    marker = tmp_path / "ran"
    bad = tmp_path / "evil.yaml"
    bad.write_text(f'game: !!python/object/apply:os.system ["touch {marker}"]\n')
    with pytest.raises(GameFileError):
        check_file(bad)
    assert not marker.exists()


def test_validate_command_prints_all_findings_and_exits_1():
    files = [str(BROKEN / "names_and_types.yaml"), str(GAMES / "lezug.yaml")]
    proc = subprocess.run([sys.executable, "-m", "rulebook", "validate", *files], capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stdout.strip() == f"{GAMES / 'lezug.yaml'}: ok"
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == len(EXPECTED["names_and_types.yaml"])
    assert lines[0] == f"{BROKEN / 'names_and_types.yaml'}:14:18: unknown zone 'hoem'"
    assert "Traceback" not in proc.stderr


def test_missing_and_empty_files(tmp_path):
    with pytest.raises(GameFileError, match="no such file"):
        check_file(tmp_path / "nothing.yaml")
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    with pytest.raises(GameFileError, match="1:1: the file is empty"):
        check_file(empty)
    listing = tmp_path / "list.yaml"
    listing.write_text("- a\n- b\n")
    with pytest.raises(GameFileError, match="a game file is a mapping"):
        check_file(listing)
