"""games/xiangqi.yaml: perft from the start in both conventions (the published figures; deeper
ones in tools/corpus_perft.py), the notation, and positions for each rule the start does not
reach: the flying general, the cannon's screen, the horse's leg, the elephant's eye and river,
the palace, the soldier across the river, stalemate lost, the max_plies option."""
from __future__ import annotations

import pytest

from rulebook import load_game
from rulebook.play.measure import perft

from conftest import GAMES

FILE = GAMES / "xiangqi.yaml"
_GAMES: dict = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(FILE, {k: str(v) for k, v in options.items()})
    return _GAMES[key]


def moves(g, st, origin=None) -> list[str]:
    out = sorted(g.move_str(m) for m in g.legal_moves(st))
    return [m for m in out if origin is None or m.startswith(origin)]


def at(pieces, to_move="red", **options):
    g = game(**options)
    return g, g.position(pieces, to_move=to_move)


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("depth,leaves", [(1, 44), (2, 1920), (3, 79666)])
def test_perft_from_the_start(depth, leaves, exact):
    g = game()
    assert perft(g, g.initial_state(), depth, exact=exact) == leaves


def test_points_are_named_from_rank_0_and_moves_by_their_two_points():
    g = game()
    st = g.initial_state()
    ms = moves(g, st)
    assert {"h2e2", "b0c2", "b0a2", "h2h9", "b2b9", "a0a2", "e3e4", "e0e1", "d0e1", "c0e2"} <= set(ms)
    assert "b0d1" not in ms                     # its leg c0 is occupied
    st = g.apply(st, g.parse_move(st, "h2h9"))  # the cannon takes the horse over black's cannon h7
    assert g.move_str(g.parse_move(g.initial_state(), "h2h9")) == "h2h9"
    assert sum(1 for m in moves(g, st) if m.endswith("h9")) == 1          # the chariot i9 takes back


def test_cannon_needs_exactly_one_screen():
    g, st = at({"red": {"general": ["e0"], "cannon": ["a0"], "soldier": ["a3"]},
                "black": {"general": ["d9"], "chariot": ["a7", "a9"]}})
    ms = moves(g, st, "a0")
    assert "a0a7" in ms and "a0a9" not in ms    # over the soldier onto the first piece beyond
    assert "a0a1" in ms and "a0a3" not in ms    # slides to empty points, never onto a piece
    assert "a0i0" not in ms and "a0d0" in ms


def test_horse_leg_and_elephant_eye():
    g, st = at({"red": {"general": ["e0"], "horse": ["c4"], "elephant": ["c0"], "soldier": ["c5", "d1"]},
                "black": {"general": ["d9"]}})
    assert moves(g, st, "c4") == ["c4a3", "c4a5", "c4b2", "c4d2", "c4e3", "c4e5"]   # the leg c5 is blocked
    assert moves(g, st, "c0") == ["c0a2"]       # the eye d1 is occupied


def test_elephant_stays_on_its_side_and_general_in_its_palace():
    g, st = at({"red": {"general": ["d0"], "elephant": ["c4"], "advisor": ["e1"]}, "black": {"general": ["f9"]}})
    assert moves(g, st, "c4") == ["c4a2", "c4e2"]
    assert moves(g, st, "d0") == ["d0d1", "d0e0"]       # c0 is outside the palace
    assert moves(g, st, "e1") == ["e1d2", "e1f0", "e1f2"]   # d0: its own general


def test_soldier_goes_sideways_once_across_the_river():
    g, st = at({"red": {"general": ["e0"], "soldier": ["a4", "c5"]}, "black": {"general": ["d9"], "soldier": ["g4"]}})
    assert moves(g, st, "a4") == ["a4a5"]
    assert moves(g, st, "c5") == ["c5b5", "c5c6", "c5d5"]
    g2, st2 = at({"red": {"general": ["e0"]}, "black": {"general": ["d9"], "soldier": ["g4", "c5"]}}, "black")
    assert moves(g2, st2, "g4") == ["g4f4", "g4g3", "g4h4"] and moves(g2, st2, "c5") == ["c5c4"]


def test_flying_general():
    # (a cannon, which attacks only over a screen: a chariot there would hold black in check)
    g, st = at({"red": {"general": ["e0"], "cannon": ["e4"]}, "black": {"general": ["e9"]}})
    assert all(not m.startswith("e4") or m[2] == "e" for m in moves(g, st))     # the cannon is pinned to the file
    assert any(m.startswith("e4e") for m in moves(g, st))
    g, st = at({"red": {"general": ["d0"]}, "black": {"general": ["e9"]}})
    assert "d0e0" not in moves(g, st)


def test_a_player_with_no_move_loses_even_unchecked():
    # black's general e9 is not attacked; every move it has is
    g, st = at({"red": {"general": ["d0"], "chariot": ["a8"], "soldier": ["f8"]},
                "black": {"general": ["e9"]}}, "black")
    assert moves(g, st) == []
    assert g.outcome(st).winners == ("red",)


def test_max_plies_draws():
    g = game(max_plies=2)
    st = g.initial_state()
    st = g.apply(st, g.parse_move(st, "h2e2"))
    assert not g.outcome(st).over
    st = g.apply(st, g.parse_move(st, "h7e7"))
    assert g.outcome(st).over and g.outcome(st).winners == ()
    g = game()                                          # off by default
    st = g.initial_state()
    for text in ("h2e2", "h7e7"):
        st = g.apply(st, g.parse_move(st, text))
    assert not g.outcome(st).over
