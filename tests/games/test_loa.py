"""Lines of Action (games/loa.yaml, docs/games/loa.md): perft from the start in both conventions
(figures computed by independent programs), and the rules the start does not reach on hand-made
positions: a capture that joins both sides (option `simultaneous`), a capture down to one enemy
piece, a pass, and neither side able to move. The positions' move lists were checked by hand."""
from __future__ import annotations

import pytest

from rulebook import load_game
from rulebook.play.measure import perft

from conftest import GAMES, play_and_replay

FIGURES = [36, 1244, 44952, 1563208]      # the same in both conventions: no game ends this early

_GAMES: dict = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(GAMES / "loa.yaml", options=options or None)
    return _GAMES[key]


@pytest.mark.parametrize("exact", [False, True], ids=["leaf", "exact"])
@pytest.mark.parametrize("depth, leaves", list(enumerate(FIGURES, start=1)))
def test_perft_from_the_start(depth, leaves, exact):
    g = game()
    assert perft(g, g.initial_state(), depth, exact=exact) == leaves


def test_the_first_moves():
    """A piece of rank 1 goes as many cells as rank 1 holds pieces (6) along it, over its own
    pieces (b1-h1, g1-a1), or as many as its file (2) or diagonal holds: c1's diagonal towards
    a3 holds c1, b2 (empty) and white's a3, 2 pieces: onto a3, a capture."""
    g = game()
    listed = sorted(g.move_str(m) for m in g.legal_moves(g.initial_state()))
    assert len(listed) == 36
    assert {"b1-h1", "g1-a1", "b1-b3", "b1-d3", "c1xa3", "f1xh3", "d1-b3", "d1-d3", "d1-f3"} <= set(listed)
    assert "b1-g1" not in listed and "c1-a3" not in listed


JOIN_BOTH = {"black": ["b2", "d2", "c6"], "white": ["c3", "c8"]}


def test_the_moves_of_a_position():
    """b2: rank 2 holds b2 d2 (2 cells: d2 is its own, off the board west), file b only b2
    (b1, b3), the long diagonal b2 c3 (2 cells: over the enemy c3 north-east, off the board
    south-west), the short one only b2 (a3, c1). c6: alone on its rank and diagonals (1 cell
    each way), file c holds c3 c6 c8: 3 cells south onto c3, a capture. d2: rank 2, 2 cells east
    to f2; alone on file d and on its rising diagonal; its falling one holds c3 d2: over c3, or off."""
    g = game()
    st = g.position(JOIN_BOTH, to_move="black")
    assert sorted(g.move_str(m) for m in g.legal_moves(st)) == [
        "b2-a3", "b2-b1", "b2-b3", "b2-c1", "c6-b5", "c6-b6", "c6-b7", "c6-d5", "c6-d6", "c6-d7", "c6xc3",
        "d2-c1", "d2-d1", "d2-d3", "d2-e3", "d2-f2"]


@pytest.mark.parametrize("options, winners", [({}, ("black",)), ({"simultaneous": "mover"}, ("black",)),
                                              ({"simultaneous": "draw"}, ())])
def test_a_move_that_joins_both_sides(options, winners):
    """c6xc3 joins b2 c3 d2 and leaves white its lone c8, one group too: the mover wins, or
    (simultaneous=draw) the game is drawn."""
    g = game(**options)
    st = g.position(JOIN_BOTH, to_move="black")
    after = g.apply(st, g.parse_move(st, "c6xc3"))
    assert g.is_over(after) and g.outcome(after).winners == winners


def test_capturing_down_to_one_enemy_piece_makes_the_enemy_win():
    """The same capture with a1 in place of b2: black (a1 apart from c3 d2) is not joined, white's
    lone c8 is: white wins."""
    g = game()
    st = g.position({"black": ["a1", "d2", "c6"], "white": ["c3", "c8"]}, to_move="black")
    after = g.apply(st, g.parse_move(st, "c6xc3"))
    assert g.is_over(after) and g.outcome(after).winners == ("white",)


def test_a_player_with_no_move_passes():
    """Black a1 and h8, each shut in by three white pieces: every line out of a corner starts with
    an enemy piece and is at least 2 long (the long diagonal holds a1 b2 g7 h8). Black passes;
    white has moves and plays on."""
    g = game()
    st = g.position({"black": ["a1", "h8"], "white": ["b1", "a2", "b2", "g8", "h7", "g7"]}, to_move="black")
    assert not g.is_over(st)
    assert [g.move_str(m) for m in g.legal_moves(st)] == ["pass"]
    after = g.apply(st, g.parse_move(st, "pass"))
    assert not g.is_over(after) and g.players[g.to_move(after)] == "white"
    assert len(g.legal_moves(after)) == 22 and "pass" not in [g.move_str(m) for m in g.legal_moves(after)]


def test_neither_side_can_move_is_a_draw():
    """A full board (every line full: every move would leave the board), black on files a b e f,
    white on c d g h: neither side is one group, neither can move: a draw."""
    g = game()
    full = {"black": [f + r for f in "abef" for r in "12345678"],
            "white": [f + r for f in "cdgh" for r in "12345678"]}
    st = g.position(full, to_move="white")
    assert g.is_over(st) and g.outcome(st).winners == ()


def test_notation_round_trip():
    g = game()
    st = g.position(JOIN_BOTH, to_move="black")
    for m in g.legal_moves(st):
        assert g.parse_move(st, g.move_str(m)) == m


@pytest.mark.parametrize("options", [{}, {"simultaneous": "draw"}], ids=["mover", "draw"])
@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=20"])
def test_play_to_the_end(spec, options, tmp_path):
    """`rulebook play` with each kind of player: the record replays here to the printed result."""
    play_and_replay(GAMES / "loa.yaml", spec, tmp_path, options=options, timeout=120)
