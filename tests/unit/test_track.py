"""The track kind's words (engine/boards/track/, docs/language.md "Track boards") on the made-up
game tests/data/words/track.yaml: three dice of four faces as a chance ply, steps with
block=1 (any enemy piece closes a point, nothing is hit), the largest numbers rule with three
dice, taking off from points 1..3, the scoring words; every broken variant a located finding;
--why naming the rule and its line."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook import load_game
from rulebook.api import CHANCE
from rulebook.look.prose import rules_prose
from rulebook.play.measure import perft
from rulebook.source.load import GameFileError

GAME = Path(__file__).resolve().parents[2] / "tests" / "data" / "words" / "track.yaml"


def game():
    return load_game(GAME)


def position(g, red=None, blue=None, bar=(0, 0), roll=None, to_move="red"):
    """Each side's points in its own numbers ({10: 2}); the rest off."""
    points = {"red": {str(q): n for q, n in (red or {}).items()},
              "blue": {str(11 - q): n for q, n in (blue or {}).items()}}
    return g.position({p: {"runner": pts} for p, pts in points.items()}, to_move=to_move,
                      reserves={"red": bar[0], "blue": bar[1]}, roll=roll)


def plays(g, st):
    return sorted(g.move_str(m) for m in g.legal_moves(st))


def test_three_dice_of_four_faces_are_twenty_weighted_rolls():
    g = game()
    st = g.initial_state()
    weights = {g.move_str(m): w for m, w in g.chance_outcomes(st)}
    assert len(weights) == 20 and sum(weights.values()) == 64
    assert weights["4-4-4"] == 1 and weights["4-4-1"] == 3 and weights["3-2-1"] == 6
    assert perft(g, st, 1) == 20


def test_a_roll_of_three_numbers_is_played_as_three_steps_and_no_double_repeats():
    g = game()
    st = g.apply(g.initial_state(), g.parse_move(g.initial_state(), "2-2-2"))
    assert all(len(p.split()) == 3 for p in plays(g, st))
    assert "10/8 10/8 9/7" in plays(g, st)


def test_block_1_closes_a_point_with_any_enemy_piece_and_nothing_is_hit():
    g = game()
    st = position(g, {10: 4}, {4: 4}, roll="3-2-1")      # blue's 4 is red's 7
    assert plays(g, st) == ["10/9 10/8 8/5", "10/9 10/8 9/6", "10/9 9/6 6/4"]     # never onto 7
    for m in g.legal_moves(st):
        assert g.apply(st, m).bar == (0, 0)


def test_the_largest_numbers_that_can_be_used_together():
    g = game()
    # red's one piece on 10, every other off; blue holds red's 8, 5, 4 and 3: with 4-3-2 the piece
    # goes to 6 or 7 and no further, so one number is used: the largest of those that can be
    st = position(g, {10: 1}, {3: 1, 6: 1, 7: 1, 8: 1}, roll="4-3-2")
    assert plays(g, st) == ["10/6"]
    st = position(g, {10: 1}, {3: 1, 5: 1, 6: 1, 8: 1}, roll="4-3-2")     # 6 closed, 7 open: the 3
    assert plays(g, st) == ["10/7"]


def test_taking_off_waits_for_every_piece_in_points_1_to_3():
    g = game()
    st = position(g, {4: 1, 2: 3}, {10: 4}, roll="2-1-1")
    names = plays(g, st)
    assert all(not n.startswith("2/off") for n in names)
    assert "4/3 3/1 2/1" in names or any(n.startswith("4/") for n in names)


@pytest.mark.parametrize("blue, score", [({2: 1}, 1), ({9: 1}, 2)])     # blue's last piece home, or not
def test_the_scoring_words(blue, score):
    g = game()
    st = position(g, {1: 1}, blue, roll="1-1-1")
    end = g.apply(st, g.parse_move(st, "1/off"))
    assert g.outcome(end).scores == {"red": score, "blue": 0}


def test_the_expressions_words():
    g = game()
    st = position(g, {10: 1, 3: 2}, {10: 1, 2: 1}, bar=(1, 0), roll="1-1-1")
    assert g.evaluate_fn(st, 0) == g.evaluate_fn(st, 0)          # compiled, callable
    ns = g.win_fn.__globals__
    assert ns["_to_go"](st, 0) == 10 + 6 + 11 and ns["_to_go"](st, 1) == 12
    assert ns["_singles"](st, 0) == 1 and ns["_singles"](st, 1) == 2
    assert ns["_on"](st, 0, 0) == 2 and ns["_on"](st, 1, 1, 0) == 1      # own_on(home), enemy_on(far)


def test_a_roll_is_a_chance_ply_before_every_play():
    g = game()
    st = g.initial_state()
    seen = []
    for _ in range(4):
        seen.append(g.to_move(st))
        st = g.apply(st, g.legal_moves(st)[0])
    assert seen == [CHANCE, 0, CHANCE, 1]


def test_why_names_the_rule_and_its_line():
    g = game()
    st = position(g, {10: 4}, {4: 4}, roll="3-2-1")
    why = g.explain(st, "10/7 10/8 10/9")
    assert "point 7 holds 4 of the opponent's pieces: 1 or more close a point (block=1" in why
    assert f"{GAME}:22" in why


def test_rules_tell_the_track_and_its_steps():
    text = rules_prose(game())
    assert "a track of 10 points" in text and "roll of three dice of 4 faces" in text
    assert "never onto a point holding an enemy piece" in text
    assert "While every one of their pieces stands in the home or is off" in text


BASE = GAME.read_text()


MOVE = "move: steps(dice, block=1, off=home)"


@pytest.mark.parametrize("old, new, where", [
    (MOVE, "move: steps(dice, block=0, off=home)", "22:29: block is a whole number from 1: the enemy pieces that close a point"),
    (MOVE, "move: steps(dice, reach=1, off=home)", "22:29: steps takes no option 'reach' (options: block, off)"),
    (MOVE, "move: steps(dice, block=1, off=far)", "22:36: pieces bear off from points 1..N: zone 'far' starts at point 8"),
    (MOVE, "move: steps(dice, block=1, off=nowhere)", "22:36: off takes a zone of the track (home, far)"),
    (MOVE, "move: steps(numbers, block=1)", "22:11: steps takes the roll's numbers: steps(dice, ...)"),
    (MOVE, "move: step(dice)", "22:11: a track game's move is steps(dice, block=N, off=ZONE)"),
    ("home: points 1..3", "home: ranks 1..3", "17:9: a zone of a track is points A..B (or point A), in each player's own numbers"),
    ("far: points 8..10", "far: points 8..12", "18:8: 'points 8..12': points from 1 to 10, the lower first"),
    ("start: [10, 10, 9, 7]", "start: [10, 10, 9, 11]", "13:24: 11 is not a point of the track (1..10)"),
    ("    roll: {dice: 3, faces: 4}\n", "", "20:5: a track game's phase needs its dice: roll: {dice: N, faces: S}"),
    ("roll: {dice: 3, faces: 4}", "roll: {dice: 1, faces: 4, doubles: 2}",
     "21:40: a double is a roll whose dice all show one number: it needs two dice or more"),
    ("roll: {dice: 3, faces: 4}", "roll: {dice: 3, faces: 4}\n    turns: 2",
     "22:5: 'turns' is not a word of a track game's phase (roll, move)"),
    ("  win: off == 4", "  win: off == 4\n  draw: ply > 100", "25:3: 'draw': a track game ends when a player's win holds (end.win)"),
    ("  win: off == 4", "  win: out == 4", "24:8: unknown name 'out'"),
    ("players: [red, blue]", "players: [red, blue, green]", "9:10: a track is raced by two players, each from their own side (3 named)"),
    ("players: [red, blue]", "players: [red, {name: blue, forward: south}]",
     "9:29: a track's seats move toward their own point 1: no forward direction"),
    ("  runner:\n", "  runner:\n  chaser:\n", "15:3: a track game has one kind of piece"),
    ("zones:", "directions:\n  ahead: [front]\nzones:", "16:1: 'directions': direction sets are not words of a track game"),
])
def test_a_broken_word_is_a_located_finding(tmp_path, old, new, where):
    assert old in BASE
    path = tmp_path / "t.yaml"
    path.write_text(BASE.replace(old, new, 1))
    with pytest.raises(GameFileError) as e:
        rulebook.check_file(path)
    found = [f"{f.line}:{f.column}: {f.message}" for f in e.value.findings]
    assert where in found, found
