"""The hand-written baselines of the corpus games (tools/baselines/breakthrough.py, draughts.py):
perft from the start against the published figures, and scripted positions for the rules that a
perft count does not pin down (wins, compulsory and multiple captures, crowning, the draw clock)."""
from __future__ import annotations

import random

import pytest

from rulebook.play.measure import perft, random_playout
from rulebook.api import IllegalMove
from tools.baselines.breakthrough import Breakthrough
from tools.baselines.draughts import Draughts, square_index


def names(game, st):
    return sorted(game.move_str(m) for m in game.legal_moves(st))


def play(game, st, *texts):
    for t in texts:
        st = game.apply(st, game.parse_move(st, t))
    return st


# ---------------------------------------------------------------- perft
@pytest.mark.parametrize("depth,leaves", list(enumerate([22, 484, 11132, 256036], start=1)))
def test_breakthrough_perft(depth, leaves):
    g = Breakthrough()
    assert perft(g, g.initial_state(), depth) == leaves


@pytest.mark.parametrize("depth,leaves", list(enumerate([7, 49, 302, 1469, 7361, 36768], start=1)))
def test_draughts_perft(depth, leaves):
    g = Draughts()
    assert perft(g, g.initial_state(), depth) == leaves


# ---------------------------------------------------------------- Breakthrough
def test_breakthrough_start():
    g = Breakthrough()
    st = g.initial_state()
    assert g.players == ("white", "black") and g.to_move(st) == 0 and g.ply(st) == 0
    assert g.chance_outcomes(st) == [] and g.evaluate(st) is None
    assert names(g, st)[:4] == ["a2-a3", "a2-b3", "b2-a3", "b2-b3"]
    assert not g.outcome(st).over
    st = play(g, st, "e2-e3")
    assert g.to_move(st) == 1 and g.ply(st) == 1
    assert "e7-d6" in names(g, st) and "h7-g6" in names(g, st) and len(names(g, st)) == 22


def test_breakthrough_win_by_reaching_the_last_rank():
    g = Breakthrough()
    st = g.position({"b7": "white", "a1": "white", "h8": "black", "c8": "black", "a8": "black"}, "white")
    assert names(g, st) == ["a1-a2", "a1-b2", "b7-b8", "b7xa8", "b7xc8"]
    done = play(g, st, "b7-b8")
    assert g.is_over(done) and g.legal_moves(done) == []
    out = g.outcome(done)
    assert out.over and out.winners == ("white",) and out.scores == {"white": 1.0, "black": 0.0}
    assert g.outcome(play(g, st, "b7xa8")).winners == ("white",)
    # black reaches rank 1
    st = g.position({"c2": "black", "h8": "black", "a5": "white"}, "black")
    done = play(g, st, "c2-d1")
    assert g.outcome(done).winners == ("black",)
    with pytest.raises(IllegalMove):
        g.parse_move(done, "h8-h7")


def test_breakthrough_win_by_capturing_the_last_piece():
    g = Breakthrough()
    st = g.position({"d4": "white", "a1": "white", "e5": ("black", "piece")}, "white")
    assert "d4xe5" in names(g, st)
    done = play(g, st, "d4xe5")
    assert g.is_over(done) and g.outcome(done).winners == ("white",)
    # with a second black piece the game goes on
    st = g.position({"d4": "white", "e5": "black", "h7": "black"}, "white")
    nxt = play(g, st, "d4xe5")
    assert not g.is_over(nxt) and g.to_move(nxt) == 1


def test_breakthrough_no_straight_capture():
    g = Breakthrough()
    st = g.position({"d4": "white", "d5": "black", "a8": "black", "h1": "white"}, "white")
    moves = names(g, st)
    assert "d4-c5" in moves and "d4-e5" in moves
    assert not any(m.startswith("d4") and m.endswith("d5") for m in moves)
    with pytest.raises(IllegalMove):
        g.parse_move(st, "d4xd5")
    with pytest.raises(IllegalMove):
        g.parse_move(st, "d4-d5")
    # and no move onto an own piece, straight or diagonal
    st = g.position({"d4": "white", "d5": "white", "c5": "white", "a8": "black"}, "white")
    assert [m for m in names(g, st) if m.startswith("d4")] == ["d4-e5"]


def test_breakthrough_random_games_end_with_one_winner():
    g = Breakthrough()
    rng = random.Random(3)
    for _ in range(30):
        st = g.initial_state()
        while not g.is_over(st):
            moves = g.legal_moves(st)
            assert moves      # a side with a piece always has a move
            m = rng.choice(moves)
            assert g.parse_move(st, g.move_str(m)) == m
            st = g.apply(st, m)
        out = g.outcome(st)
        assert len(out.winners) == 1 and sum(out.scores.values()) == 1.0


# ---------------------------------------------------------------- English draughts
def test_draughts_start():
    g = Draughts()
    st = g.initial_state()
    assert g.players == ("black", "white") and g.to_move(st) == 0 and g.options == {"draw_plies": 80}
    assert names(g, st) == ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    st = play(g, st, "c3-d4")
    assert names(g, st) == ["b6-a5", "b6-c5", "d6-c5", "d6-e5", "f6-e5", "f6-g5", "h6-g5"]
    assert hash(st) == hash(play(g, g.initial_state(), "c3-d4"))


def test_draughts_multi_capture_sequence():
    g = Draughts()
    st = g.position({"c3": ("black", "man"), "a1": ("black", "man"),
                     "d4": ("white", "man"), "d6": ("white", "man"), "h8": ("white", "man")}, "black")
    assert names(g, st) == ["c3xe5xc7"]        # the sequence must go on: c3xe5 alone is not a move
    with pytest.raises(IllegalMove):
        g.parse_move(st, "c3xe5")
    done = play(g, st, "c3xe5xc7")
    b, w, kings = done[0], done[1], done[2]
    after = g.position({"c7": "black", "a1": "black", "h8": "white"}, "white")
    assert (b, w, kings) == after[:3] and g.to_move(done) == 1 and g.ply(done) == 1
    # two ways on from e5: the player chooses, and the two paths are two moves
    st = g.position({"c3": "black", "d4": "white", "d6": "white", "f6": "white", "f4": "white"}, "black")
    assert names(g, st) == ["c3xe5xc7", "c3xe5xg7"]


def test_draughts_king_circuit_back_to_its_origin():
    """The origin is empty during the move, and a captured piece is jumped once only."""
    g = Draughts()
    st = g.position({"c3": ("black", "king"), "d4": "white", "d6": "white", "b6": "white",
                     "b4": "white", "h8": "white"}, "black")
    assert names(g, st) == ["c3xa5xc7xe5xc3", "c3xe5xc7xa5xc3"]
    done = play(g, st, "c3xe5xc7xa5xc3")
    assert done[:3] == g.position({"c3": ("black", "king"), "h8": "white"}, "white")[:3]


def test_draughts_second_circuit():
    """d4xf6 (over e5), f6xh4 (over g5), h4xf2 (over g3), f2xd4 (over e3), and the other way round;
    back on d4 (empty again) the king cannot jump e5 a second time. (That captured pieces block
    landings never shows in English draughts: a jumped square and a landing square of one piece
    never coincide, the landings keep the parity of file and rank and the jumped squares do not.)"""
    g = Draughts()
    st = g.position({"d4": ("black", "king"), "e5": "white", "e3": "white", "g5": "white",
                     "g3": "white", "a7": "white"}, "black")
    assert names(g, st) == ["d4xf2xh4xf6xd4", "d4xf6xh4xf2xd4"]


def test_draughts_compulsory_capture():
    g = Draughts()
    st = g.position({"c3": "black", "a3": "black", "g3": "black", "d4": "white", "h8": "white"}, "black")
    assert names(g, st) == ["c3xe5"]
    with pytest.raises(IllegalMove):
        g.parse_move(st, "a3-b4")
    # men capture forward only: the same white man behind a black man is no capture
    st = g.position({"e5": "black", "d4": "white", "h8": "white"}, "black")
    assert names(g, st) == ["e5-d6", "e5-f6"]
    # a king captures backward
    st = g.position({"e5": ("black", "king"), "d4": "white", "h8": "white"}, "black")
    assert names(g, st) == ["e5xc3"]


def test_draughts_crowning_ends_the_move():
    g = Draughts()
    # from d8 a king could go on over e7 to f6, but a man just crowned stops there
    st = g.position({"b6": "black", "c7": "white", "e7": "white", "a1": "white"}, "black")
    assert names(g, st) == ["b6xd8"]
    done = play(g, st, "b6xd8")
    d8 = 1 << square_index("d8")
    assert done[0] & d8 and done[2] & d8            # black, and a king
    assert g.to_move(done) == 1
    # a crowned king moves backward on its next turn
    st = g.position({"a7": "black", "h4": "white"}, "black")
    st = play(g, st, "a7-b8", "h4-g3")
    assert names(g, st) == ["b8-a7", "b8-c7"]
    # white is crowned on rank 1
    st = g.position({"b2": "white", "h6": "black"}, "white")
    st = play(g, st, "b2-a1", "h6-g7")
    assert names(g, st) == ["a1-b2"]


def test_draughts_blocked_player_loses():
    g = Draughts()
    # white's only man stands on h2 with g1 occupied: after any black move white cannot move
    st = g.position({"a1": ("black", "king"), "g1": "black", "h2": "white"}, "black")
    done = play(g, st, "a1-b2")
    assert g.is_over(done) and g.outcome(done).winners == ("black",)
    assert g.legal_moves(done) == []
    # a set position with the player to move blocked is already over
    st = g.position({"g1": "black", "h2": "white"}, "white")
    assert g.is_over(st) and g.outcome(st).winners == ("black",)
    # no piece left is the same: the last capture wins
    st = g.position({"c3": "black", "d4": "white"}, "black")
    assert g.outcome(play(g, st, "c3xe5")).winners == ("black",)


def test_draughts_draw_clock():
    g = Draughts(draw_plies=4)
    kings = {"a1": ("black", "king"), "h8": ("white", "king"), "c1": "black"}
    st = g.position(kings, "black")
    st = play(g, st, "a1-b2", "h8-g7", "b2-a1")
    assert st[5] == 3 and not g.is_over(st)
    done = play(g, st, "g7-h8")                     # the 4th king move in a row
    out = g.outcome(done)
    assert g.is_over(done) and out.winners == ("black", "white") and out.scores == {"black": 0.5, "white": 0.5}
    # a man's move sets the clock back
    st = play(g, g.position(kings, "black"), "a1-b2", "h8-g7", "c1-d2", "g7-h8")
    assert st[5] == 1 and not g.is_over(st)
    # a capture too
    st = g.position({"a1": ("black", "king"), "h8": ("white", "king"), "g7": ("white", "king"),
                     "f6": "black"}, "white", clock=3)
    st = play(g, st, "g7xe5")
    assert st[5] == 0 and not g.is_over(st)
    # the draw is checked before the loss of a blocked player
    blocked = {"a1": ("black", "king"), "g1": ("black", "king"), "h2": "white"}
    st = g.position(blocked, "black", clock=3)
    assert g.outcome(play(g, st, "a1-b2")).winners == ("black", "white")
    st = g.position(blocked, "black", clock=2)
    assert g.outcome(play(g, st, "a1-b2")).winners == ("black",)
    # draw_plies=0 turns the clock off
    g0 = Draughts(draw_plies=0)
    st = g0.position(blocked, "black", clock=500)
    assert g0.outcome(play(g0, st, "a1-b2")).winners == ("black",)


def test_draughts_random_games():
    g = Draughts()
    rng = random.Random(5)
    for _ in range(30):
        st = g.initial_state()
        while not g.is_over(st):
            moves = g.legal_moves(st)
            texts = [g.move_str(m) for m in moves]
            assert len(set(texts)) == len(texts)
            if any("x" in t for t in texts):
                assert all("x" in t for t in texts)
            m = rng.choice(moves)
            assert g.parse_move(st, g.move_str(m)) == m
            st = g.apply(st, m)
        assert g.outcome(st).over and g.ply(st) > 0
    st, plies = random_playout(g, random.Random(1))
    assert g.is_over(st) and plies == g.ply(st)
