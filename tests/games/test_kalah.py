"""Kalah (games/kalah.yaml, docs/games/kalah.md): perft from the start in both conventions, with
and without the option `empty_capture`, and from the hand-made position k1 (whose leaf and exact
counts differ); scripted positions for each rule (sowing past the opponent's store, a lap, the
extra move, a capture, a lone seed with `empty_capture`, the end); random games replayed against
a small independent implementation written here, comparing the moves and the pits at every ply;
and the game played to its end by every kind of player."""
from __future__ import annotations

import json
import random

import pytest

from rulebook import load_game
from rulebook.play.measure import perft

from conftest import GAMES, ROOT, play_and_replay

FIGURES = [6, 35, 185, 942, 4690, 23233, 114430]   # both conventions: no game ends this early
EMPTY_CAPTURE = [6, 35, 185, 942, 4685, 23169]
K1_LEAF = [3, 11, 46, 215, 1004, 4398, 18092, 69384]
K1_EXACT = [3, 11, 46, 215, 1004, 4396, 18085, 69374]
K1 = ROOT / "tests" / "data" / "positions" / "kalah_k1.json"

_GAMES: dict = {}


def game(**options):
    key = tuple(sorted(options.items()))
    if key not in _GAMES:
        _GAMES[key] = load_game(GAMES / "kalah.yaml", options=options or None)
    return _GAMES[key]


def position(g, south, north, south_store=0, north_store=0, to_move="south"):
    """A position from each player's pits, counted from that player's own `a`."""
    seeds = {f"{'abcdef'[k]}1": n for k, n in enumerate(south)}
    seeds.update({f"{'abcdef'[k]}2": n for k, n in enumerate(north)})
    seeds.update(s1=south_store, s2=north_store)
    return g.position({"nobody": {"seed": seeds}}, to_move=to_move)


def rows(g, st):
    """(south's pits, south's store, north's pits, north's store), pits from each one's own a."""
    pos = g.position_json(st)["pieces"].get("nobody", {}).get("seed", {})
    get = lambda name: pos.get(name, 0)
    return ([get(f"{x}1") for x in "abcdef"], get("s1"), [get(f"{x}2") for x in "abcdef"], get("s2"))


@pytest.mark.parametrize("exact", [False, True], ids=["leaf", "exact"])
@pytest.mark.parametrize("depth, leaves", list(enumerate(FIGURES, start=1)))
def test_perft_from_the_start(depth, leaves, exact):
    g = game()
    assert perft(g, g.initial_state(), depth, exact=exact) == leaves


@pytest.mark.parametrize("depth, leaves", list(enumerate(EMPTY_CAPTURE, start=1)))
def test_perft_with_empty_capture(depth, leaves):
    g = game(empty_capture=True)
    assert perft(g, g.initial_state(), depth) == leaves == perft(g, g.initial_state(), depth, exact=True)


@pytest.mark.parametrize("depth", range(1, len(K1_LEAF) + 1))
def test_perft_from_k1_as_a_position_file(depth):
    from rulebook.play.positions import position_state, read_position
    g = game()
    st = position_state(g, read_position(K1))
    assert rows(g, st) == ([0, 1, 0, 2, 0, 14], 12, [1, 0, 0, 3, 1, 0], 14)
    assert perft(g, st, depth) == K1_LEAF[depth - 1]
    assert perft(g, st, depth, exact=True) == K1_EXACT[depth - 1]


def test_the_position_form_reads_back():
    g = game()
    st = position(g, [0, 1, 0, 2, 0, 14], [1, 0, 0, 3, 1, 0], 12, 14)
    data = g.position_json(st)
    assert data["pieces"]["nobody"]["seed"]["f1"] == 14
    again = g.position(data["pieces"], to_move=data["to_move"])
    assert rows(g, again) == rows(g, st) and g.legal_moves(again) == g.legal_moves(st)


def test_notation_names_the_movers_own_pits_from_its_left():
    g = game()
    st = g.initial_state()
    assert [g.move_str(m) for m in g.legal_moves(st)] == list("abcdef")
    # south's c ends in south's store: south moves again
    st = g.apply(st, g.parse_move(st, "c"))
    assert rows(g, st) == ([4, 4, 0, 5, 5, 5], 1, [4] * 6, 0)
    assert g.players[g.to_move(st)] == "south"
    st = g.apply(st, g.parse_move(st, "f"))
    assert g.players[g.to_move(st)] == "north"
    # north's a is the pit farthest from north's store: the one facing south's f
    st = g.apply(st, g.parse_move(st, "a"))
    assert rows(g, st) == ([4, 4, 0, 5, 5, 0], 2, [0, 6, 6, 6, 5, 5], 0)
    assert g.players[g.to_move(st)] == "south"


def test_a_sowing_skips_the_opponents_store_and_laps_into_the_emptied_pit():
    g = game()
    # south's f holds 14: one into the store, six into north's pits, past north's store, then
    # a to e, the emptied f itself (the 13th cell of the lap), and the store again
    st = position(g, [0, 0, 0, 0, 0, 14], [1, 1, 1, 1, 1, 1], 0, 0)
    after = g.apply(st, g.parse_move(st, "f"))
    assert rows(g, after) == ([1, 1, 1, 1, 1, 1], 2, [2, 2, 2, 2, 2, 2], 0)
    assert g.players[g.to_move(after)] == "south"        # the last seed fell in south's store


def test_a_capture_takes_the_last_seed_and_the_facing_pit():
    g = game()
    # south's a sows one seed into the empty b, which faces north's e (3 seeds)
    st = position(g, [1, 0, 2, 2, 2, 2], [2, 2, 2, 2, 3, 2])
    after = g.apply(st, g.parse_move(st, "a"))
    assert rows(g, after) == ([0, 0, 2, 2, 2, 2], 4, [2, 2, 2, 2, 0, 2], 0)
    assert g.players[g.to_move(after)] == "north"


def test_a_lap_ending_in_the_emptied_pit_captures():
    g = game()
    # 13 seeds from south's a: the last lands back in a, empty since the move began
    st = position(g, [13, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 5], 0, 0)
    after = g.apply(st, g.parse_move(st, "a"))
    assert rows(g, after) == ([0, 1, 1, 1, 1, 1], 1 + 1 + 6, [1, 1, 1, 1, 1, 0], 0)


def test_no_capture_in_the_opponents_row_nor_of_an_empty_facing_pit():
    g = game()
    st = position(g, [1, 0, 0, 0, 0, 2], [0, 2, 2, 2, 2, 2])
    after = g.apply(st, g.parse_move(st, "f"))     # into the store, then north's empty a: no capture
    assert rows(g, after) == ([1, 0, 0, 0, 0, 0], 1, [1, 2, 2, 2, 2, 2], 0) and not g.is_over(after)
    st = position(g, [1, 0, 2, 2, 2, 2], [2, 2, 2, 2, 0, 2])
    after = g.apply(st, g.parse_move(st, "a"))     # b faces north's empty e: the seed stays
    assert rows(g, after) == ([0, 1, 2, 2, 2, 2], 0, [2, 2, 2, 2, 0, 2], 0)
    lone = game(empty_capture=True)
    st = position(lone, [1, 0, 2, 2, 2, 2], [2, 2, 2, 2, 0, 2])
    after = lone.apply(st, lone.parse_move(st, "a"))   # with empty_capture the lone seed goes to the store
    assert rows(lone, after) == ([0, 0, 2, 2, 2, 2], 1, [2, 2, 2, 2, 0, 2], 0)


def test_the_end_counts_each_rows_seeds_to_its_owner_and_voids_an_extra_move():
    g = game()
    # south's last seed goes into its store (an extra move earned) and leaves south's row empty:
    # the game is over, north's pits count for north
    st = position(g, [0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 3], 20, 23)
    after = g.apply(st, g.parse_move(st, "f"))
    out = g.outcome(after)
    assert out.over and g.legal_moves(after) == []
    assert out.scores == {"south": 21, "north": 27} and out.winners == ("north",)
    # equal stores are a draw
    st = position(g, [0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0], 23, 23)
    out = g.outcome(g.apply(st, g.parse_move(st, "f")))
    assert out.over and out.winners == () and out.scores == {"south": 24, "north": 24}


def test_a_pit_without_seeds_is_no_move():
    g = game()
    st = position(g, [0, 3, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], 10, 10)
    assert [g.move_str(m) for m in g.legal_moves(st)] == ["b"]
    from rulebook.api import IllegalMove
    with pytest.raises(IllegalMove):
        g.parse_move(st, "a")


# ---------------------------------------------------------------- an independent implementation
def ref_moves(board, me, pits=6):
    """The pits (0-based, from the mover's left) the mover can sow. board: 2 * (pits + 1) counts
    in sowing order: south's pits, south's store, north's pits, north's store."""
    base = me * (pits + 1)
    return [k for k in range(pits) if board[base + k]]


def ref_apply(board, me, k, pits=6, empty_capture=False):
    """(board, next player, over) after the mover sows its pit k."""
    b = list(board)
    size = 2 * (pits + 1)
    mine = me * (pits + 1)
    store, other_store = mine + pits, (1 - me) * (pits + 1) + pits
    i = mine + k
    seeds, b[i] = b[i], 0
    while seeds:
        i = (i + 1) % size
        if i == other_store:
            continue
        b[i] += 1
        seeds -= 1
    nxt = me if i == store else 1 - me
    if mine <= i < store and b[i] == 1:
        facing = 2 * pits - i
        if b[facing] or empty_capture:
            b[store] += b[facing] + 1
            b[facing] = b[i] = 0
    over = not any(b[0:pits]) or not any(b[pits + 1:2 * pits + 1])
    return b, nxt, over


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("empty_capture", [False, True], ids=["plain", "empty_capture"])
def test_random_games_against_an_independent_implementation(seed, empty_capture):
    g = game(empty_capture=True) if empty_capture else game()
    rng = random.Random(seed)
    st = g.initial_state()
    board, me = [4] * 6 + [0] + [4] * 6 + [0], 0
    for _ply in range(400):
        south, s1, north, s2 = rows(g, st)
        assert south + [s1] + north + [s2] == board
        if g.is_over(st):
            break
        assert g.players[g.to_move(st)] == ("south", "north")[me]
        moves = g.legal_moves(st)
        assert [g.move_str(m) for m in moves] == ["abcdef"[k] for k in ref_moves(board, me)]
        m = rng.choice(moves)
        board, me, over = ref_apply(board, me, "abcdef".index(g.move_str(m)), empty_capture=empty_capture)
        st = g.apply(st, m)
        assert g.is_over(st) == over
    assert g.is_over(st)
    totals = [sum(board[0:7]), sum(board[7:14])]
    out = g.outcome(st)
    assert out.scores == {"south": totals[0], "north": totals[1]}
    assert out.winners == (() if totals[0] == totals[1] else (("south",) if totals[0] > totals[1] else ("north",)))


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=20", "alphabeta:depth=2"])
def test_play_to_the_end(spec, tmp_path):
    """`rulebook play` with each kind of player: the record replays here to the printed result."""
    play_and_replay(GAMES / "kalah.yaml", spec, tmp_path, timeout=120)


def test_show_draws_the_counts():
    from rulebook.look.scene import build
    g = game()
    st = position(g, [0, 1, 0, 2, 0, 14], [1, 0, 0, 3, 1, 0], 12, 14)
    text = g.render(st)
    assert "14" in text and "s1" in text and "s2" in text
    d = build(g, st)
    counts = sorted(sh.data["count"] for grp in d.groups for sh in grp.shapes if sh.data and "count" in sh.data)
    assert counts == sorted([1, 2, 14, 12, 1, 3, 1, 14])
