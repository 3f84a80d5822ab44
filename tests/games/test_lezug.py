"""Le zug as data: reference figures, the reference game, and scripted positions for every rule."""
from __future__ import annotations

import json

import pytest

from rulebook import IllegalMove, load_game
from rulebook.play.measure import perft
from rulebook.boards.grid.layout import BOARDS, CELLS, PASSES, RESERVES

from conftest import DATA, GAMES, vector


def names(game, st):
    return sorted(game.move_str(m) for m in game.legal_moves(st))


def play(game, st, *moves):
    for m in moves:
        st = game.apply(st, game.parse_move(st, m))
    return st


def pieces(game, st, seat):
    return sorted(game.geo.name(i) for i, v in enumerate(st[CELLS]) if v == seat + 1)


@pytest.mark.parametrize("depth,leaves", [(1, 56), (2, 3136), (3, 104272)])
def test_perft_from_the_start(lezug, depth, leaves):
    assert perft(lezug, lezug.initial_state(), depth) == leaves


def test_perft_golden_positions(lezug):
    for case in json.loads((DATA / "lezug_perft.json").read_text()):
        st = play(lezug, lezug.initial_state(), *case["moves"])
        assert perft(lezug, st, case["depth"]) == case["leaves"], len(case["moves"])


def test_reference_game_replays_exactly(lezug):
    v = vector("lezug-decisive-3001.json")
    st = lezug.initial_state()
    for ply, (move, legal) in enumerate(zip(v["moves"], v["legal"])):
        assert names(lezug, st) == legal, f"ply {ply}"
        st = play(lezug, st, move)
    out = lezug.outcome(st)
    assert out.over == v["result"]["over"]
    assert list(out.winners) == v["result"]["winners"]


def test_setup_drops_three_reserve_pieces(lezug):
    st = lezug.initial_state()
    assert len(lezug.legal_moves(st)) == 56
    st = play(lezug, st, "d2+h2+n2")
    assert pieces(lezug, st, 0) == sorted(["a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "q1", "d2", "h2", "n2"])
    assert st[RESERVES] == (0, 3)
    assert names(lezug, st)[0] == "b16+d16+f16"       # black's setup turn
    with pytest.raises(IllegalMove):
        play(lezug, st, "b2+d2+f2")                    # not white's turn any more


def test_jump_chain_over_both_colours_ending_in_a_step(lezug):
    # white c5 jumps its own d6 to e7, black's f8 to g9, then steps to h10
    st = lezug.position({"white": ["c5", "d6"], "black": ["f8"]}, "white")
    assert names(lezug, st) == ["c5-b6", "c5-d8", "c5-e7", "c5-f10", "c5-g9", "c5-h10", "d6-c7", "d6-e7"]
    st = play(lezug, st, "c5-h10")
    assert pieces(lezug, st, 0) == ["d6", "h10"]
    assert pieces(lezug, st, 1) == ["f8"]              # jumped pieces stay
    assert lezug.to_move(st) == 1


def test_station_entry_refused_while_own_station_is_occupied(lezug):
    st = lezug.position({"white": ["c13", "a1"], "black": ["q17"]}, "white")
    assert names(lezug, st) == ["a1-b2"]               # c13-b14 and c13-d14 land in black's station
    assert "rule 'entry'" in lezug.explain(st, "c13-d14")
    st = lezug.position({"white": ["c13", "a5"], "black": ["q17"]}, "white")
    assert "c13-d14" in names(lezug, st)               # own station vacated: entry allowed


def test_backward_mode_stays_inside_the_station(lezug):
    white = ["b14", "d14", "f14", "h14", "j14", "l14", "n14", "p14", "a15", "c15", "e15", "g15"]
    st = lezug.position({"white": white, "black": ["q1"]}, "white")
    moves = names(lezug, st)
    assert "a15-b16" in moves                          # forward still
    assert "c15-d16" in moves
    assert "a15-b14" not in moves                      # b14 is taken
    assert "b14-a13" not in moves                      # backward, but out of the station
    assert "rule 'confined'" in lezug.explain(st, "b14-a13")
    st = lezug.position({"white": white[1:] + ["g17"], "black": ["q1"]}, "white")
    assert "g17-f16" in names(lezug, st)               # a backward step inside the station


def test_a_win_recreates_the_start_position_opposite(lezug):
    goal = ["a17", "c17", "e17", "g17", "i17", "k17", "m17", "o17"]      # q17 still free
    # nine on rank 17 is not enough while one of the other three stands on rank 15
    st = lezug.position({"white": goal + ["p16", "b16", "d16", "e15"], "black": ["q1"]}, "white")
    st = play(lezug, st, "p16-q17")
    assert not lezug.is_over(st)
    st = lezug.position({"white": goal + ["p16", "b16", "d16", "f16"], "black": ["q1"]}, "white")
    st = play(lezug, st, "p16-q17")
    out = lezug.outcome(st)
    assert out.over and out.winners == ("white",) and out.scores == {"white": 1.0, "black": 0.0}
    assert lezug.legal_moves(st) == []


def test_a_blocked_player_passes(lezug):
    # black's only piece on a1 is boxed in by white b2 and c3 (backward mode, nothing free)
    st = lezug.position({"white": ["b2", "c3", "q1"], "black": ["a1"]}, "black")
    assert names(lezug, st) == ["pass"]
    st = play(lezug, st, "pass")
    assert st[PASSES] == 1 and lezug.to_move(st) == 0 and not lezug.is_over(st)


def test_blocked_means_losing_as_an_option():
    game = load_game(GAMES / "lezug.yaml", {"blocked": "lose"})
    st = game.position({"white": ["b2", "c3", "q3"], "black": ["a1"]}, "white")
    st = play(game, st, "q3-p4")                      # black to move, boxed in: loses
    out = game.outcome(st)
    assert out.over and out.winners == ("white",)


def test_two_passes_in_a_row_draw(lezug):
    # white has just passed; black, boxed in, passes too: the game is drawn
    st = lezug.position({"white": ["b2", "c3", "q1"], "black": ["a1"]}, "black", passes=1)
    st = play(lezug, st, "pass")
    out = lezug.outcome(st)
    assert out.over and out.winners == ()


def test_ply_limit_draw():
    game = load_game(GAMES / "lezug.yaml", {"max_plies": "4"})
    st = play(game, game.initial_state(), "d2+h2+n2", "h16+n16+p16", "g1-h4")
    assert not game.is_over(st)
    st = play(game, st, "h16-g15")
    out = game.outcome(st)
    assert out.over and out.winners == () and out.scores == {"white": 0.5, "black": 0.5}


def test_options_are_checked():
    from rulebook import RulebookError
    with pytest.raises(RulebookError, match="unknown option 'plies'"):
        load_game(GAMES / "lezug.yaml", {"plies": "3"})
    with pytest.raises(RulebookError, match="not a whole number"):
        load_game(GAMES / "lezug.yaml", {"max_plies": "many"})
    with pytest.raises(RulebookError, match="not one of"):
        load_game(GAMES / "lezug.yaml", {"blocked": "cry"})


def test_state_copy_is_small(lezug):
    import sys
    st = play(lezug, lezug.initial_state(), "d2+h2+n2")
    size = sys.getsizeof(st) + sum(sys.getsizeof(x) for x in st) + sum(sys.getsizeof(b) for b in st[BOARDS])
    assert size < 2048
