"""Limits of the language (docs/language.md, Limits): what exceeds them is a located finding, and
a division by zero while playing is a located error, never a traceback or a runaway recursion."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rulebook import RulebookError, check_file, load_game
from rulebook.lang import dsl
from rulebook.source.load import MAX_DIGITS, MAX_NESTING, GameFileError

GAME = """game: Limits
players: [a, b]
board:
  grid: {files: 3, ranks: 3}
zones:
  board: all
pieces:
  stone: {}
phases:
  - name: play
    move: place(board)
end:
  draw: count(empty) == 0
"""


def findings(tmp_path, text):
    path = tmp_path / "limits.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        check_file(path)
    return [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings]


def test_yaml_nesting_is_bounded(tmp_path):
    deep = "[" * (MAX_NESTING + 10) + "]" * (MAX_NESTING + 10)
    got = findings(tmp_path, GAME + f"about: {deep}\n")
    # the file itself is the first level, so the list opened at column 8 + 62 is the 65th
    assert got == [f"14:{7 + MAX_NESTING}: YAML syntax: values nest deeper than {MAX_NESTING} levels"]


def test_huge_integers_are_refused_where_they_stand(tmp_path):
    text = GAME.replace("files: 3", "files: " + "9" * 5000)
    assert findings(tmp_path, text) == [f"4:17: a number of more than {MAX_DIGITS} digits"]


@pytest.mark.parametrize("text", ["not " * 5000 + "true", " + ".join(["ply"] * 500)])
def test_deep_expressions_are_a_finding_not_a_recursion_error(tmp_path, text):
    got = findings(tmp_path, GAME + f"evaluate: {text}\n")
    assert len(got) == 1 and got[0].startswith("14:") and ("nests deeper than" in got[0] or "longer than" in got[0])


def test_the_parser_bounds_depth_and_length():
    with pytest.raises(dsl.DslError, match="nests deeper than"):
        dsl.parse(" + ".join(["1"] * 200))
    with pytest.raises(dsl.DslError, match="longer than"):
        dsl.parse("x" * (dsl.MAX_LENGTH + 1))
    assert isinstance(dsl.parse(" + ".join(["1"] * 20)), dsl.BinOp)


def test_a_division_by_zero_while_playing_is_located(tmp_path):
    path = tmp_path / "zero.yaml"
    path.write_text(GAME + "evaluate: 1 / (ply - ply)\n", encoding="utf-8")
    game = load_game(path)
    with pytest.raises(RulebookError, match=r"zero.yaml:14:13: division by zero"):
        game.evaluate(game.initial_state())
    proc = subprocess.run([sys.executable, "-m", "rulebook", "play", str(path), "--players", "greedy,random"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1 and "zero.yaml:14:13: division by zero" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_constant_divisor_stays_a_plain_division(tmp_path):
    path = tmp_path / "half.yaml"
    path.write_text(GAME + "evaluate: 0.5 + (count(mine) - count(theirs)) / 18\n", encoding="utf-8")
    game = load_game(path)
    assert "_divide" not in game.sources["evaluate"]
    assert game.evaluate(game.initial_state()) == [0.5, 0.5]


def test_a_drop_that_could_list_too_many_moves_is_refused(tmp_path):
    path = tmp_path / "bigdrop.yaml"
    path.write_text("""game: Big drop
players:
  - {name: a, forward: north}
  - {name: b, forward: south}
board:
  grid: {files: 10, ranks: 10}
zones:
  half: ranks 1..5
pieces:
  stone: {reserve: 20}
phases:
  - name: setup
    turns: 1
    move: drop(half, count=all)
  - name: play
    move: step(front)
end:
  draw: ply > 10
""", encoding="utf-8")
    got = findings(tmp_path, path.read_text())         # a finding of validate, at the drop's zone
    assert got == ["14:16: drop(half) of 20 pieces onto 50 cells could list 47,129,212,243,960 moves at once "
                   "(at most 100,000)"]
    with pytest.raises(RulebookError, match=r"bigdrop.yaml:14:16: drop\(half\) of 20 pieces"):
        load_game(path)


def test_tile_counts_are_bounded(tmp_path):
    from conftest import GAMES
    text = (GAMES / "zug.yaml").read_text().replace("straight:        {count: 6,", "straight:        {count: 100000,")
    got = findings(tmp_path, text)
    assert len(got) == 1 and got[0].endswith("'tiles.types.straight.count' must be at most 1000")


def test_a_base_file_must_be_a_small_regular_file(tmp_path):
    path = tmp_path / "variant.yaml"
    path.write_text("extends: /dev/zero\ngame: x\n", encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        check_file(path)
    assert [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings] == \
        ["1:10: the base /dev/zero is not a game file: a base is a .yaml or .yml file (or a link to one)"]
    os.mkfifo(tmp_path / "pipe.yaml")
    path.write_text("extends: pipe.yaml\ngame: x\n", encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        check_file(path)
    assert [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings] == \
        [f"1:10: the base {tmp_path / 'pipe.yaml'} is not a regular file"]
    big = tmp_path / "big.yaml"
    big.write_text("game: x\nabout: " + "x" * 1_100_000 + "\n", encoding="utf-8")
    path.write_text("extends: big.yaml\n", encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        check_file(path)
    (message,) = [f.message for f in info.value.findings]
    assert message.startswith("the base ") and message.endswith("big.yaml is larger than 1 MB")


# ------------------------------------------------------------------------------------ a match's memory
def _lezug(max_plies):
    from conftest import GAMES
    return load_game(GAMES / "lezug.yaml", {"max_plies": str(max_plies)})


def test_a_match_without_its_moves_keeps_a_window_of_positions():
    # tournaments and analysis (play_game) keep no moves: memory does not grow with the match
    from rulebook.players import make_players
    from rulebook.players.base import UNDO_WINDOW, Match
    game = _lezug(3000)
    match = Match(game, make_players(["random", "random"], game, 1), 1, keep_moves=False)
    state, moves = match.play()
    assert moves is None and match.ply == 3000 == game.ply(state)
    assert len(match.history) == UNDO_WINDOW and match.history[-1].state != state
    assert match.undo_count(0) in (1, 2)          # undo still works through the window
    before = match.history[-match.undo_count(0)].state
    match.undo(0)
    assert match.state == before and match.ply in (2998, 2999)


def test_play_game_keeps_no_moves(monkeypatch):
    from rulebook.play import tournament
    from rulebook.players import base     # the Match that seeded_match builds
    kept = []
    real = base.Match

    def spy(*args, **kw):
        kept.append(kw.get("keep_moves", True))
        return real(*args, **kw)
    monkeypatch.setattr(base, "Match", spy)
    game = _lezug(600)
    result = tournament.play_game(game, ("random", "random"), 1, collect=True)
    assert kept == [False] and result.plies == 600 and sum(c for _v, c in result.branching) == 600


def test_undo_before_the_window_replays_the_moves():
    from rulebook.players import make_players
    from rulebook.players.base import UNDO_WINDOW, Match
    game = _lezug(1000)
    states = [game.initial_state()]
    match = Match(game, make_players(["random", "random"], game, 2), 2,
                  on_move=lambda m, step, new: states.append(new))
    match.play()
    assert match.ply == 1000 and len(match.history) == UNDO_WINDOW
    while match.ply > 1000 - 3 * UNDO_WINDOW:       # undo by undo, far back through the window
        taken = match.undo(0)
        assert taken > 0 and match.state == states[match.ply] and len(match.moves) == match.ply
    # a resumed match, undone to its start
    resumed = Match(game, make_players(["random", "random"], game, 2), 2, moves=match.moves)
    assert resumed.state == match.state
    while resumed.undo(1) or resumed.undo(0):
        assert resumed.state == states[resumed.ply]
    assert resumed.ply == 0 and resumed.state == states[0]


def test_a_match_keeping_its_moves_stops_at_the_record_budget(tmp_path, monkeypatch, capsys):
    from rulebook.cli import main
    from rulebook.players import base
    from conftest import GAMES
    monkeypatch.setattr(base, "MAX_MATCH_MOVES", 300)
    rec = tmp_path / "full.json"
    with pytest.raises(SystemExit) as info:
        main(["play", str(GAMES / "lezug.yaml"), "--record", str(rec), "--option", "max_plies=1000"])
    err = capsys.readouterr().err
    assert info.value.code == 1
    assert err.strip() == (f"Le zug: the match stopped after 300 moves, the most a record holds (and a match keeps "
                           f"for undo); lower max_plies, or play without --record; the moves so far are saved to {rec}")
    with pytest.raises(SystemExit) as info:
        main(["replay", str(GAMES / "lezug.yaml"), str(rec)])
    assert info.value.code == 0 and "not over after 300 plies" in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:   # without a record, nothing is kept: the match is played out
        main(["play", str(GAMES / "lezug.yaml"), "--option", "max_plies=1000"])
    assert info.value.code == 0 and "a draw after 1000 plies" in capsys.readouterr().out


# ------------------------------------------------------------------------------------ issue 11, one by one
MINI = (__import__("conftest").ROOT / "tests/data/mini.yaml").read_text(encoding="utf-8")


def _mini(tmp_path, old, new, name="mini.yaml"):
    assert old in MINI
    path = tmp_path / name
    path.write_text(MINI.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("old,new,expected", [
    ("reserve: 1}", "reserve: 1000000000000}", "23:33: 'pieces.stone.reserve' must be at most 1000"),
    ("game: Mini race", "game: Mini\x00race", "6:11: a control character (code 0x00) is not allowed in a game file"),
    ("game: Mini race", "game: Mini\x07race", "6:11: a control character (code 0x07) is not allowed in a game file"),
    ("step(ahead) | jump", " ".join(["step(ahead)"] * 500) + " | jump", "26:11: this pattern is longer than 2000"),
    ("evaluate: advance(mine) / 30", "evaluate: '" + "- " * 200 + "ply'", "this expression nests deeper"),
    ("goal: ranks 6..7", "goal: ranks 6.." + "9" * 1000, "21:9: ranks must lie within 1..7, low to high"),
    ("step(ahead)", "step(forward)", "unknown name 'forward' (step takes a direction set"),
    ("drop(second)", "drop(all)", "unknown zone 'all' (every cell is the zone word 'all' in a zone, not here"),
])
def test_each_bad_game_file_of_the_issue_is_a_located_finding(tmp_path, old, new, expected):
    got = findings(tmp_path, MINI.replace(old, new, 1))
    assert any(expected in f for f in got), got


def test_a_division_by_zero_in_a_landing_rule_is_located_in_replay_and_moves(tmp_path):
    path = _mini(tmp_path, "no_return: not (landing in home)",
                 "no_return: not (landing in home) and ply // (ply - ply) == 0", "landing0.yaml")
    rec = tmp_path / "r.json"
    rec.write_text('{"moves": ["c1-d2"]}')
    for args in (["moves", path], ["replay", path, rec], ["play", path]):
        proc = subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 1 and "landing0.yaml:28:48: division by zero while playing" in proc.stderr, \
            proc.stderr
