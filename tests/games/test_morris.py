"""Nine Men's Morris (games/morris.yaml): the perft figures of docs/games/morris.md from the start
and from the hand-made positions m1, m2, m3 in both conventions, scripted positions for every rule
(mills and removals, men in mills spared, flying, the loss below three men and with no move, the
quiet-ply draw), the notation, random games compared move by move with a small independent
implementation written here, and games played to their end by every kind of player."""
from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from rulebook import load_game
from rulebook.play.measure import perft

from conftest import GAMES, ROOT, play_and_replay
POSITIONS = ROOT / "tests" / "data" / "positions"


def game(**options):
    return load_game(GAMES / "morris.yaml", options)


@pytest.fixture(scope="module")
def g():
    return game()


def at(g, name):
    pos = json.loads((POSITIONS / f"morris_{name}.json").read_text())
    return g.position(pos["pieces"], to_move=pos["to_move"], reserves=pos["reserve"], quiet=pos["quiet"])


def moves(g, st):
    return sorted(g.move_str(m) for m in g.legal_moves(st))


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("depth,leaves", [(1, 24), (2, 552), (3, 12144)])
def test_perft_from_the_start(g, depth, leaves, exact):
    assert perft(g, g.initial_state(), depth, exact=exact) == leaves


def test_perft_4_from_one_first_placement_and_by_symmetry(g):
    # 255024 = 24 x 10626: no mill can close in four plies, so every first placement counts alike
    st = g.apply(g.initial_state(), g.parse_move(g.initial_state(), "a1"))
    assert perft(g, st, 3) == 23 * 22 * 21 == 255024 // 24


FIGURES = {
    ("m1", False): [16, 211, 2559, 31925], ("m1", True): [16, 211, 2559, 31925],
    ("m2", False): [50, 699, 20872], ("m2", True): [50, 699, 20608],
    ("m3", False): [54, 3018], ("m3", True): [54, 3018],
}


@pytest.mark.parametrize("name,exact", list(FIGURES))
def test_perft_of_the_hand_made_positions(g, name, exact):
    st = at(g, name)
    assert [perft(g, st, d, exact=exact) for d in range(1, len(FIGURES[name, exact]) + 1)] == FIGURES[name, exact]


def test_m1_the_mills_and_the_men_spared(g):
    ms = moves(g, at(g, "m1"))
    # g4-g1 closes a1 d1 g1: any black man but those of the mill c5 d5 e5
    assert [m for m in ms if m.startswith("g4-g1")] == ["g4-g1xa4", "g4-g1xb6", "g4-g1xd7", "g4-g1xf4"]
    assert [m for m in ms if m.startswith("e3-d3")] == ["e3-d3xa4", "e3-d3xb6", "e3-d3xd7", "e3-d3xf4"]
    assert "g4-g1" not in ms and "b4-b2" in ms and "d1-g1" in ms


def test_every_man_in_a_mill_may_be_taken_when_all_are(g):
    st = g.position({"white": ["a1", "d1", "g4"], "black": ["c5", "d5", "e5"]}, to_move="white")
    assert [m for m in moves(g, st) if m.startswith("g4-g1")] == ["g4-g1xc5", "g4-g1xd5", "g4-g1xe5"]


def test_placing_a_mill_removes_and_a_mill_with_no_enemy_on_the_board_removes_nothing(g):
    st = g.position({"white": ["a1", "d1"], "black": ["g7"]}, to_move="white", reserves={"white": 7, "black": 8})
    assert [m for m in moves(g, st) if m.startswith("g1")] == ["g1xg7"]
    st = g.position({"white": ["a1", "d1"], "black": []}, to_move="white", reserves={"white": 7, "black": 9})
    ms = moves(g, st)
    assert "g1" in ms and not any("x" in m for m in ms)


def test_two_mills_at_once_remove_one_man(g):
    st = g.position({"white": ["a1", "g1", "d2", "d3"], "black": ["a7", "b6", "f6", "g7"]}, to_move="white",
                    reserves={"white": 5, "black": 5})
    assert [m for m in moves(g, st) if m.startswith("d1")] == ["d1xa7", "d1xb6", "d1xf6", "d1xg7"]
    after = g.apply(st, g.parse_move(st, "d1xa7"))
    assert sorted(g.position_json(after)["pieces"]["black"]) == ["b6", "f6", "g7"]


def test_a_man_moved_out_of_a_mill_and_back_closes_it_again(g):
    st = g.position({"white": ["a1", "d1", "g1", "b4"], "black": ["a7", "b6", "f6", "c3", "e5"]}, to_move="white")
    st = g.apply(st, g.parse_move(st, "g1-g4"))
    st = g.apply(st, g.parse_move(st, "c3-c4"))
    assert [m for m in moves(g, st) if m.startswith("g4-g1")] == ["g4-g1xa7", "g4-g1xb6", "g4-g1xc4",
                                                                  "g4-g1xe5", "g4-g1xf6"]


def test_flying_with_three_men_and_the_option_off(g):
    st = at(g, "m2")
    ms = moves(g, st)
    assert len(ms) == 50 and "e4-d1xa7" in ms and "e4-a4" in ms
    off = game(flying=False)
    assert moves(off, at(off, "m2")) == ["a1-a4", "a1-d1", "e4-e3", "e4-e5", "e4-f4", "g1-d1"]


def test_no_flying_while_men_are_in_hand(g):
    st = g.position({"white": ["a1", "d1", "g4"], "black": ["a7", "d7", "g7", "b6"]}, to_move="white",
                    reserves={"white": 1, "black": 0})
    assert all("-" not in m for m in moves(g, st))     # placing only, while a man is in hand


def test_fewer_than_three_men_lose_at_once(g):
    st = at(g, "m2")
    st = g.apply(st, g.parse_move(st, "e4-e3"))
    st = g.apply(st, g.parse_move(st, "g4-g7xa1"))
    assert g.is_over(st) and g.outcome(st).winners == ("black",)


def test_men_in_hand_count_toward_three(g):
    st = g.position({"white": ["a1", "d1"], "black": ["g7"]}, to_move="white", reserves={"white": 7, "black": 3})
    after = g.apply(st, g.parse_move(st, "g1xg7"))
    assert not g.is_over(after)        # black: three in hand, none on the board
    st = g.position({"white": ["a1", "d1"], "black": ["g7"]}, to_move="white", reserves={"white": 7, "black": 2})
    after = g.apply(st, g.parse_move(st, "g1xg7"))
    assert g.is_over(after) and g.outcome(after).winners == ("white",)


def test_no_move_loses(g):
    st = g.position({"white": ["a1", "d1", "g1", "b2"], "black": ["a4", "d2", "g4", "b4", "f2", "c3"]},
                    to_move="white")
    assert not g.legal_moves(st)
    assert g.is_over(st) and g.outcome(st).winners == ("black",)


def test_the_quiet_ply_draw_and_the_option(g):
    st = g.position({"white": ["a1", "d1", "g4", "b2"], "black": ["a7", "d7", "g7", "b6"]}, to_move="white",
                    quiet=199)
    st = g.apply(st, g.parse_move(st, "b2-b4"))
    assert g.is_over(st) and g.outcome(st).winners == ()
    off = game(draw_plies=0)
    st = off.position({"white": ["a1", "d1", "g4", "b2"], "black": ["a7", "d7", "g7", "b6"]}, to_move="white",
                      quiet=100000)
    assert not off.is_over(off.apply(st, off.parse_move(st, "b2-b4")))


def test_the_draw_comes_before_the_loss_for_no_move(g):
    blocked = {"white": ["a1", "d1", "g1", "b2"], "black": ["a4", "d2", "g4", "b4", "f2", "c3", "f6"]}
    st = g.position(blocked, to_move="black", quiet=199)
    st = g.apply(st, g.parse_move(st, "f6-f4"))
    assert g.is_over(st) and g.outcome(st).winners == ()


def test_the_count_starts_at_the_start_and_a_removal_resets_it(g):
    st = g.initial_state()
    for text in ["a1", "a7", "d1"]:
        st = g.apply(st, g.parse_move(st, text))
    assert g.position_json(st)["quiet"] == 3
    st = g.apply(st, g.parse_move(st, "g7"))
    st = g.apply(st, g.parse_move(st, "g1xa7"))
    assert g.position_json(st)["quiet"] == 0


def test_notation_round_trip(g):
    for name in ("m1", "m2", "m3"):
        st = at(g, name)
        for m in g.legal_moves(st):
            assert g.parse_move(st, g.move_str(m)) == m


# ---- a small independent implementation: random games compared move by move

POINTS = "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7".split()
LINES = [line.split() for line in ("a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5",
                                   "b6 d6 f6", "a7 d7 g7", "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3",
                                   "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7")]
NEAR = {p: {q for line in LINES for a, b in zip(line, line[1:]) for p2, q in ((a, b), (b, a)) if p2 == p}
        for p in POINTS}


def in_mill(board, p):
    return any(p in line and all(board.get(q) == board[p] for q in line) for line in LINES)


def reference_moves(board, hand, me):
    """Every legal move's text: board {point: seat}, hand [men in hand by seat]."""
    out = []
    mine = [p for p in POINTS if board.get(p) == me]
    empty = [p for p in POINTS if p not in board]
    if hand[me]:
        tries = [(None, p) for p in empty]
    elif len(mine) == 3:
        tries = [(o, p) for o in mine for p in empty]
    else:
        tries = [(o, p) for o in mine for p in sorted(NEAR[o]) if p not in board]
    for o, p in tries:
        b = dict(board)
        if o:
            del b[o]
        b[p] = me
        text = p if o is None else f"{o}-{p}"
        theirs = [q for q in POINTS if b.get(q) == 1 - me]
        if in_mill(b, p) and theirs:
            free = [q for q in theirs if not in_mill(b, q)] or theirs
            out += [f"{text}x{q}" for q in free]
        else:
            out.append(text)
    return sorted(out)


def reference_apply(board, hand, me, text):
    board, hand = dict(board), list(hand)
    move, _, taken = text.partition("x")
    o, _, p = move.rpartition("-")
    if o:
        del board[o]
    else:
        hand[me] -= 1
    board[p] = me
    if taken:
        del board[taken]
    return board, hand


@pytest.mark.parametrize("seed", range(6))
def test_random_games_against_the_reference(g, seed):
    rng = random.Random(seed)
    st, board, hand, me = g.initial_state(), {}, [9, 9], 0
    for _ply in range(300):
        if g.is_over(st):
            break
        ms = moves(g, st)
        assert ms == reference_moves(board, hand, me)
        text = rng.choice(ms)
        st = g.apply(st, g.parse_move(st, text))
        board, hand = reference_apply(board, hand, me, text)
        me = 1 - me
    assert g.is_over(st)


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=20", "alphabeta:depth=1"])
def test_play_to_the_end(spec, tmp_path):
    """`rulebook play` with each kind of player: the record replays here to the printed result."""
    play_and_replay(GAMES / "morris.yaml", spec, tmp_path)
