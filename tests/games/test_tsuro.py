"""Tsuro (games/tsuro.yaml): the pinned chance-perft figures, the tile set, scripted positions for
every rule (paths, off the board, collisions, the last resort, refill and hands returned, the
ends), random games against a small implementation written here, and matches with every player.

Points of a square, clockwise from the north-west corner: 0 N-west, 1 N-east, 2 E-north,
3 E-south, 4 S-east, 5 S-west, 6 W-south, 7 W-north; r90 turns a tile a quarter clockwise
(point p to p + 2). Squares a1..f6, a1 south-west.
"""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from rulebook import CHANCE, IllegalMove, RulebookError, load_game
from rulebook.play.measure import perft

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "games" / "tsuro.yaml"
DATA = ROOT / "tests" / "data"

# the 35 tiles as the rules list them: the least pairing of each over its four rotations
TABLE = ("T01 01 23 45 67 · T02 01 23 46 57 · T03 01 23 47 56 · T04 01 24 36 57 · T05 01 24 37 56 · "
         "T06 01 25 36 47 · T07 01 25 37 46 · T08 01 26 34 57 · T09 01 26 35 47 · T10 01 26 37 45 · "
         "T11 01 27 34 56 · T12 01 27 35 46 · T13 01 27 36 45 · T14 02 13 46 57 · T15 02 13 47 56 · "
         "T16 02 14 36 57 · T17 02 14 37 56 · T18 02 15 36 47 · T19 02 15 37 46 · T20 02 16 34 57 · "
         "T21 02 16 35 47 · T22 02 17 34 56 · T23 02 17 35 46 · T24 03 12 47 56 · T25 03 14 26 57 · "
         "T26 03 14 27 56 · T27 03 15 26 47 · T28 03 16 25 47 · T29 04 12 36 57 · T30 04 12 37 56 · "
         "T31 04 13 26 57 · T32 04 15 26 37 · T33 04 15 27 36 · T34 05 14 27 36 · T35 07 12 34 56")
TILES = {row.split()[0]: [(int(p[0]), int(p[1])) for p in row.split()[1:]] for row in TABLE.split(" · ")}
STARTS = ["c1:4", "d6:0", "a4:6", "f3:2", "e1:4", "b6:0", "a2:6", "f5:2"]
SEATS = ["black", "white", "red", "blue", "green", "yellow", "orange", "purple"]


@lru_cache(maxsize=None)
def game(players: int = 2, path: Path = GAME):
    return load_game(path, players=players)


def names(g, moves) -> list[str]:
    return sorted(g.move_str(m) for m in moves)


def position(g, tiles=None, stones=None, hands=None, to_move="black"):
    """A position: tiles {"T05r90": ["c2"]}, stones {seat: "c1:4" or None (out)}, hands {seat: [types]}."""
    pieces = {"nobody": tiles} if tiles else {}
    for seat, spot in (stones or {}).items():
        pieces[seat] = {"stone": [spot] if spot else []}
    return g.position(pieces, to_move=to_move, reserves={s: {t: 1 for t in h} for s, h in (hands or {}).items()})


def play(g, st, text):
    return g.apply(st, g.parse_move(st, text))


def spots(g, st) -> list:
    return [g.squares.spot_name(x) if x >= 0 else None for x in st.stones]


# ------------------------------------------------------------------------------ the figures
def test_deal_start_figures():
    g = game()
    st = g.initial_state()
    assert g.to_move(st) == CHANCE
    assert [perft(g, st, d) for d in (1, 2, 3)] == [35, 1190, 39270]


def dealt(g, hands):
    return g.position({}, to_move="black", reserves={SEATS[i]: {t: 1 for t in h} for i, h in enumerate(hands)})


def test_dealt_hands_figures():
    g = game()
    st = dealt(g, [["T01", "T02", "T03"], ["T04", "T05", "T06"]])
    assert g.to_move(st) == 0
    assert names(g, g.legal_moves(st)) == ["T02r0", "T02r270", "T03r0", "T03r270"]
    assert [perft(g, st, d) for d in (1, 2, 3, 4, 5)] == [4, 116, 1044, 29232, 81648]


def test_four_player_figures():
    g = game(4)
    st = dealt(g, [["T07", "T08", "T09"], ["T10", "T11", "T12"], ["T13", "T14", "T15"], ["T16", "T17", "T18"]])
    assert [perft(g, st, d) for d in (1, 2, 3, 4)] == [9, 207, 1449, 31878]


def test_the_position_file_of_the_figures():
    """tests/data/positions/tsuro_dealt.json (tools/corpus_perft.py reads it) is the dealt position."""
    from rulebook.play.positions import load_position
    g = game()
    st = load_position(g, DATA / "positions" / "tsuro_dealt.json")
    assert st == dealt(g, [["T01", "T02", "T03"], ["T04", "T05", "T06"]])


def test_the_tile_set():
    """35 pairings up to rotation, in their canonical form; 105 orientations, symmetric tiles only in
    their smallest rotations."""
    g = game()
    assert g.type_names == list(TILES)
    for name, pairs in TILES.items():
        forms = [sorted(tuple(sorted(((a + 2 * k) % 8, (b + 2 * k) % 8))) for a, b in pairs) for k in range(4)]
        assert pairs == min(forms)
    turns = {name: [g.tiles.orientations[o][1] for o in g.tiles.by_type[g.type_index[name]]] for name in TILES}
    assert [n for n, k in turns.items() if k == [0]] == ["T01", "T28", "T32", "T34", "T35"]
    assert [n for n, k in turns.items() if k == [0, 1]] == ["T10", "T13", "T14", "T19", "T23", "T24", "T27",
                                                             "T30", "T31", "T33"]
    assert sum(map(len, turns.values())) == 105
    st = dealt(g, [["T01", "T14", "T34"], ["T02", "T03", "T04"]])
    assert sorted(g.move_str(m) for m, _ in g.options_of(st)) == ["T01r0", "T14r0", "T14r90", "T34r0"]


# ------------------------------------------------------------------------------ scripted positions
def test_a_stone_follows_paths_through_tiles():
    """Black on c1:4; b1 holds T01r0 (01 23 45 67)."""
    g = game()
    st = position(g, {"T01r0": ["b1"]}, hands={"black": ["T02", "T03", "T04"], "white": ["T05", "T06", "T07"]})
    # T02r270 = 67 01 24 35: 4 -> 2, east into d1 on its point 7
    after = play(g, st, "T02r270")
    assert spots(g, after) == ["d1:7", "d6:0"]
    # T02r0 = 01 23 46 57: 4 -> 6, west into b1 on 3; T01 there: 3 -> 2, back into c1 on 7; 7 -> 5: off
    assert "T02r0" not in names(g, g.legal_moves(st))      # it takes black off: refused
    _, stones, out = g.lay(st, g.move_names.index("T02r0"))
    assert out == 1 and stones[0] < 0 and g.squares.spot_name(~stones[0]) == "c1:5"


def test_led_off_the_board_and_the_last_resort():
    """T01 (01 23 45 67) on c1 turns black's stone back off the south edge: refused while another
    option keeps the stone; legal when it is the only option, and the other stone wins."""
    g = game()
    st = position(g, hands={"black": ["T01", "T02", "T03"], "white": ["T04", "T05", "T06"]})
    # T02r90 (23 45 60 71), T02r180, T03r90 and T03r180 lead 4 -> 5 too
    moves = names(g, g.legal_moves(st))
    assert moves == ["T02r0", "T02r270", "T03r0", "T03r270"]
    with pytest.raises(IllegalMove):
        play(g, st, "T01r0")
    assert "last_resort" in g.explain(st, "T01r0")
    assert "does not hold" in g.explain(st, "T05r0")
    hands = {"black": ["T01"], "white": ["T05"]}           # the pile empty: the hands stay short
    only = position(g, full_board(g, ["c1", "d6", "f6"], hands), hands=hands)
    assert names(g, g.legal_moves(only)) == ["T01r0"]
    end = play(g, only, "T01r0")
    assert g.is_over(end) and g.outcome(end).winners == ("white",)
    assert g.outcome(end).scores == {"black": 0, "white": 1}


def test_two_stones_meeting_on_the_new_tile_both_leave():
    """Black on c1:4 and white on c1:5: T01r0 joins 4 and 5, the stones meet, both leave with the one
    tile: a shared win of every seat, a draw."""
    g = game()
    hands = {"black": ["T01"], "white": ["T05"]}
    st = position(g, full_board(g, ["c1", "d6", "f6"], hands), {"white": "c1:5"}, hands)
    end = play(g, st, "T01r0")
    assert spots(g, end) == [None, None]
    assert g.is_over(end) and g.outcome(end).winners == ()


def test_a_stone_running_into_a_standing_stone():
    """White stands on b2:4 (it came through b1's T14r0); black's T02r0 on c1 leads 4 -> 6 into b1 on
    3, T14 there joins 3 -> 1, north into b2 on 4: onto white. Both leave."""
    g = game()
    st = position(g, {"T14r0": ["b1"]}, {"white": "b2:4"}, {"black": ["T02", "T03", "T04"],
                                                            "white": ["T05", "T06", "T07"]})
    o = next(m for m, _ in g.options_of(st) if g.move_str(m) == "T02r0")
    _, stones, out = g.lay(st, o)
    assert out == 0b11 and all(x < 0 for x in stones)


def test_hands_of_stones_out_return_and_the_mover_draws_first():
    """Three players; red on a1:6, black on a1:5. T23r0 (02 17 35 46) leads black 5 -> 3 into b1 and red
    6 -> 4 off the south edge: red's three tiles go back to the pile, black (the mover) draws first
    and is the only one short; white moves next."""
    g = game(3)
    st = position(g, stones={"black": "a1:5", "red": "a1:6"},
                  hands={"black": ["T23", "T01", "T02"], "white": ["T03", "T04", "T05"],
                         "red": ["T06", "T07", "T08"]})
    assert sum(st.pile) == 26
    after = play(g, st, "T23r0")
    assert spots(g, after) == ["b1:6", "d6:0", None]
    assert after.hands[2] == () and sum(after.pile) == 29
    assert g.to_move(after) == CHANCE and after.seat == 0
    drawn = play(g, after, "draw:T07")
    assert drawn.hands[0] == tuple(sorted(g.type_index[t] for t in ("T01", "T02", "T07")))
    assert g.to_move(drawn) == 1


def test_the_refill_goes_round_from_the_mover():
    """After a hand comes back, everyone short draws one at a time, the mover first."""
    g = game(3)
    hands = {"black": ["T23", "T01"], "white": ["T03"], "red": ["T06", "T07", "T08"]}
    st = position(g, full_board(g, ["a1", "b1", "d6", "f6", "e6", "f5", "e5"], hands),
                  {"black": "a1:5", "red": "a1:6"}, hands)
    assert sum(st.pile) == 0 and g.to_move(st) == 0        # an empty pile: no draw
    st = play(g, st, "T23r0")          # red out: its three tiles back; black holds 1, white 1
    assert sum(st.pile) == 3
    order = []
    while g.to_move(st) == CHANCE:
        order.append(st.seat)
        st = g.apply(st, g.legal_moves(st)[0])
    assert order == [0, 1, 0]
    assert [len(h) for h in st.hands] == [3, 2, 0] and g.to_move(st) == 1


def full_board(g, free: list[str], hands: dict):
    """The tiles not in hand at rotation 0, on the squares but `free` in order from a1: the pile empty."""
    held = {t for h in hands.values() for t in h}
    rest = [t for t in TILES if t not in held]
    squares = [f"{f}{r}" for r in range(1, 7) for f in "abcdef" if f"{f}{r}" not in free]
    assert len(rest) <= len(squares)
    return {f"{t}r0": [sq] for t, sq in zip(rest, squares)}


def test_a_player_with_no_tile_is_skipped_and_the_end_when_no_one_holds_one():
    """Three players, the pile empty, only black holds tiles: T34r0 (05 14 27 36) leads black 4 -> 1,
    into the empty c2 on its point 4; white and red hold nothing, so black moves again. Once no
    standing player holds a tile, the standing players share the win."""
    g = game(3)
    hands = {"black": ["T01", "T34", "T35"], "white": [], "red": []}
    st = position(g, full_board(g, ["c1", "d6", "a4", "c2"], hands), hands=hands)
    assert sum(st.pile) == 0 and g.to_move(st) == 0
    ref = Ref.at(3, st, g)
    ref.apply("T34r0")
    st = play(g, st, "T34r0")
    assert spots(g, st) == ["c2:4", "d6:0", "a4:6"]
    assert g.to_move(st) == 0 and not g.is_over(st)
    while not g.is_over(st):
        assert names(g, g.legal_moves(st)) == ref.moves()
        m = g.legal_moves(st)[0]
        ref.apply(g.move_str(m))
        st = g.apply(st, m)
    assert ref.over
    standing = tuple(SEATS[s] for s in range(3) if st.stones[s] >= 0)
    assert g.outcome(st).winners == ref.winners()
    assert g.outcome(st).winners == (() if len(standing) == 3 else standing or ref.winners())


def test_all_tiles_placed_survivors_share():
    """The last tile: black on d5:6 lays T02r90 (23 45 60 71) on d5, 6 -> 0, into the empty d6 on its
    point 5, beside white on d6:0. No one holds a tile and the pile is empty: both share, a draw."""
    g = game()
    hands = {"black": ["T02"], "white": []}
    st = position(g, full_board(g, ["d5", "d6"], hands), {"black": "d5:6"}, hands)
    assert sum(st.pile) == 0
    end = play(g, st, "T02r90")
    assert spots(g, end) == ["d6:5", "d6:0"]
    assert g.is_over(end) and g.outcome(end).winners == ()
    assert g.outcome(end).scores == {"black": 1, "white": 1}


def test_positions_refused():
    g = game()
    with pytest.raises(RulebookError, match="faces a square that holds a tile"):
        position(g, {"T01r0": ["c1"]})
    with pytest.raises(RulebookError, match="between two empty squares"):
        position(g, stones={"white": "c2:4"})
    with pytest.raises(RulebookError, match="not a tile"):
        position(g, {"T99r0": ["c1"]})
    with pytest.raises(RulebookError, match="more T01 tiles"):
        position(g, {"T01r0": ["a1"]}, hands={"black": ["T01"]})
    with pytest.raises(RulebookError, match="out of the game"):
        position(g, stones={"white": None}, hands={"white": ["T01"]})
    with pytest.raises(RulebookError, match="at most 3"):
        position(g, hands={"black": ["T01", "T02", "T03", "T04"]})


def test_position_json_reads_back():
    g = game(3)
    rng = random.Random(5)
    st = g.initial_state()
    for _ in range(30):
        if g.is_over(st):
            break
        st = g.apply(st, rng.choice(g.legal_moves(st)))
        if g.to_move(st) >= 0:
            data = g.position_json(st)
            back = g.position(data["pieces"], to_move=data["to_move"], reserves=data["reserve"], ply=data["ply"])
            assert back == st


def test_five_by_five_variant():
    """tests/data/variants/tsuro5.yaml: the same game on 5x5, starts on its edge."""
    g = load_game(DATA / "variants" / "tsuro5.yaml")
    assert g.squares.size == 25 and [g.squares.spot_name(x) for x in g.starts] == ["c1:4", "c5:0"]
    st = g.initial_state()
    assert [perft(g, st, d) for d in (1, 2)] == [35, 1190]
    for seed in range(3):
        compare_random_game(g, 2, seed, Kit(size=5, starts=["c1:4", "c5:0", "a3:6", "e3:2"]))


# ------------------------------------------------------------------------------ a small implementation
STEP = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}


class Kit:
    """What the small implementation is told of a game: points per side, tiles {name: (count, pairs)},
    the board's size, the stones' starts and the hand size."""

    def __init__(self, per_side=2, tiles=None, size=6, starts=STARTS, hand=3, last_resort=True):
        self.per, self.size, self.starts, self.hand = per_side, size, starts, hand
        self.last_resort = last_resort
        self.tiles = tiles or {name: (1, pairs) for name, pairs in TILES.items()}

    def turned(self, name, k):
        n = 4 * self.per
        out = {}
        for a, b in self.tiles[name][1]:
            a2, b2 = (a + self.per * k) % n, (b + self.per * k) % n
            out[a2], out[b2] = b2, a2
        return out

    def rotations(self, name):
        """(k, pairing) for each distinct turn, the smallest k of each."""
        seen, res = [], []
        for k in range(4):
            p = self.turned(name, k)
            if p not in seen:
                seen.append(p)
                res.append((k, p))
        return res

    def across(self, p):
        side, i = divmod(p, self.per)
        return ((side + 2) % 4) * self.per + self.per - 1 - i


TSURO = Kit()


class Ref:
    """The rules said plainly, with squares as (file, rank) and stones as (square, point)."""

    def __init__(self, n, kit=TSURO):
        self.n, self.kit, self.size = n, kit, kit.size
        self.board = {}
        self.stones = {s: self.spot(kit.starts[s]) for s in range(n)}
        self.hands = [[] for _ in range(n)]
        self.pile = {name: c for name, (c, _) in kit.tiles.items() if c}
        self.out_last = set()
        self.over = False
        self.fill(0, None)

    @classmethod
    def at(cls, n, st, g, kit=TSURO):
        """The reference at an engine position where a tile is to be laid."""
        ref = cls.__new__(cls)
        ref.n, ref.kit, ref.size = n, kit, kit.size
        ref.board = {}
        for sq, o in enumerate(st.board):
            if o >= 0:
                t, k = g.tiles.orientations[o]
                ref.board[(sq % ref.size, sq // ref.size)] = kit.turned(g.type_names[t], k)
        ref.stones = {s: ref.spot(g.squares.spot_name(x)) if x >= 0 else None for s, x in enumerate(st.stones)}
        ref.hands = [[g.type_names[t] for t in h] for h in st.hands]
        ref.pile = {g.type_names[t]: c for t, c in enumerate(st.pile) if c}
        ref.out_last, ref.over, ref.drawer, ref.mover, ref.last_mover = set(), False, None, st.seat, st.mover
        return ref

    def spot(self, text):
        sq, p = text.split(":")
        return ((ord(sq[0]) - 97, int(sq[1:]) - 1), int(p))

    def inside(self, sq):
        return 0 <= sq[0] < self.size and 0 <= sq[1] < self.size

    def alive(self):
        return [s for s in range(self.n) if self.stones[s] is not None]

    def fill(self, first, last_mover):
        """Hands filled round from `first`; then the next player with a tile after `last_mover`."""
        self.drawer = None
        for i in range(self.n):
            s = (first + i) % self.n
            if self.pile and self.stones[s] is not None and len(self.hands[s]) < self.kit.hand:
                self.drawer = s
                self.last_mover = last_mover
                return
        order = [((last_mover if last_mover is not None else -1) + i) % self.n for i in range(1, self.n + 1)]
        holders = [s for s in order if self.stones[s] is not None and self.hands[s]]
        if not holders:
            self.over = True
        else:
            self.mover = holders[0]

    def lay(self, name, k):
        seat, per = self.mover, self.kit.per
        sq0 = self.stones[seat][0]
        board = dict(self.board)
        board[sq0] = dict(self.kit.rotations(name))[k]
        new = dict(self.stones)
        out, trails = set(), {}
        movers = [s for s in self.alive() if self.stones[s][0] == sq0]
        for s in movers:
            sq, p = self.stones[s]
            trail = set()
            while True:
                q = board[sq][p]
                if sq == sq0:
                    trail |= {p, q}
                dx, dy = STEP[q // per]
                nxt = (sq[0] + dx, sq[1] + dy)
                if not self.inside(nxt):
                    out.add(s)
                    new[s] = None
                    break
                sq, p = nxt, self.kit.across(q)
                if sq not in board:
                    new[s] = (sq, p)
                    break
            trails[s] = trail
        for a in movers:
            for b in movers:
                if a != b and self.stones[b][1] in trails[a]:
                    out |= {a, b}
        ends = [new[s] for s in range(self.n) if new[s] is not None]
        for s in range(self.n):
            if new[s] is not None and ends.count(new[s]) > 1:
                out.add(s)
        for s in out:
            new[s] = None
        return board, new, out

    def moves(self):
        if self.over:
            return []
        if self.drawer is not None:
            return sorted(f"draw:{t}" for t in self.pile)
        opts = []
        for name in sorted(set(self.hands[self.mover])):
            for k, _ in self.kit.rotations(name):
                opts.append((f"{name}r{90 * k}", self.mover in self.lay(name, k)[2]))
        safe = [m for m, off in opts if not off or not self.kit.last_resort]
        return sorted(safe or [m for m, _ in opts])

    def weights(self):
        return {f"draw:{t}": c for t, c in self.pile.items()} if self.drawer is not None else {}

    def apply(self, text):
        assert text in self.moves()
        if text.startswith("draw:"):
            t = text[5:]
            self.pile[t] -= 1
            if not self.pile[t]:
                del self.pile[t]
            self.hands[self.drawer].append(t)
            self.fill(self.drawer + 1, self.last_mover)
            return
        name, _, turn = text.rpartition("r")
        k = int(turn) // 90
        seat = self.mover
        self.board, self.stones, out = self.lay(name, k)
        self.hands[seat].remove(name)
        for s in out:
            for t in self.hands[s]:
                self.pile[t] = self.pile.get(t, 0) + 1
            self.hands[s] = []
        self.out_last = out
        if len(self.alive()) <= 1:
            self.over = True
            return
        self.fill(seat, seat)

    def winners(self, seats=SEATS):
        won = set(self.alive()) or self.out_last
        return () if len(won) == self.n else tuple(seats[s] for s in sorted(won))


def compare_random_game(g, n, seed, kit=TSURO):
    rng = random.Random(seed)
    ref = Ref(n, kit)
    st = g.initial_state()
    while True:
        legal = g.legal_moves(st)
        assert names(g, legal) == ref.moves(), f"seed {seed}, ply {st.ply}"
        if not legal:
            break
        if g.to_move(st) == CHANCE:
            assert {g.move_str(m): w for m, w in g.chance_outcomes(st)} == ref.weights()
        m = rng.choice(legal)
        ref.apply(g.move_str(m))
        st = g.apply(st, m)
    assert g.is_over(st) and ref.over
    assert g.outcome(st).winners == ref.winners(g.players)
    parts = g.outcome(st).breakdown
    assert {p: parts[p]["standing"] for p in parts} == {g.players[s]: int(ref.stones[s] is not None) for s in range(n)}


@pytest.mark.parametrize("n", [2, 3, 4, 8])
def test_random_games_against_the_small_implementation(n):
    for seed in range(6 if n < 8 else 3):
        compare_random_game(game(n), n, seed)


# ------------------------------------------------------------------------------ matches
@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=20"])
def test_play_to_the_end(spec, tmp_path):
    """`rulebook play` with each kind of player (alpha-beta plays no game with chance): the record
    replays here to the printed result."""
    record = tmp_path / "match.json"
    args = [sys.executable, "-m", "rulebook", "play", str(GAME), "--players", f"{spec},{spec},{spec}",
            "--seed", "3", "--record", str(record)]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=300, env=dict(os.environ))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    m = re.match(r"^(?:(?P<winners>[a-z]+(?:, [a-z]+)*) won|a draw) after (?P<plies>\d+) plies",
                 proc.stdout.strip().splitlines()[-1])
    assert m, proc.stdout
    g = game(3)
    st = g.initial_state()
    for text in json.loads(record.read_text())["moves"]:
        assert not g.is_over(st)
        st = g.apply(st, g.parse_move(st, text))
    assert g.is_over(st) and st.ply == int(m["plies"])
    won = g.outcome(st).winners
    assert (m["winners"] or "") == ", ".join(won)



# ------------------------------------------------------------------------------ the words in a made-up game
LITTLE = DATA / "tile_paths.yaml"
LITTLE_KIT = Kit(per_side=1, tiles={"bends": (6, [(0, 1), (2, 3)]), "cross": (3, [(0, 2), (1, 3)])}, size=3,
                 starts=["b3:0", "b1:2", "a2:3"], hand=2, last_resort=False)


def test_one_point_a_side_weighted_draws_and_self_elimination_allowed():
    g = game(2, LITTLE)
    assert g.move_names == ["bendsr0", "bendsr90", "crossr0"]
    st = g.initial_state()
    assert {g.move_str(m): w for m, w in g.chance_outcomes(st)} == {"draw:bends": 6, "draw:cross": 3}
    st = g.position({"north": {"stone": ["a3:0"]}}, to_move="north",
                    reserves={"north": {"bends": 2}, "south": {"cross": 2}})
    # north on a3:0 (the north edge, a corner): bends r0 joins 0-1, east into b3 on 3; r90 joins 1-2 and
    # 3-0: off the west edge; allowed here though the other turn keeps the stone
    assert names(g, g.legal_moves(st)) == ["bendsr0", "bendsr90"]
    after = play(g, st, "bendsr0")
    assert spots(g, after)[:2] == ["b3:3", "b1:2"] and after.hands[0] == (g.type_index["bends"],)
    assert g.to_move(after) == CHANCE and after.seat == 0          # north refills first
    off = play(g, st, "bendsr90")
    assert g.is_over(off) and g.outcome(off).winners == ("south",)
    assert g.outcome(off).breakdown == {"north": {"standing": 0, "held": 0}, "south": {"standing": 1, "held": 2}}


@pytest.mark.parametrize("n", [2, 3])
def test_the_made_up_game_against_the_small_implementation(n):
    for seed in range(8):
        compare_random_game(game(n, LITTLE), n, seed, LITTLE_KIT)


BROKEN = [   # (what is replaced in games/tsuro.yaml, by what, the finding's words, on the line of)
    ("T01: {count: 1, paths: [0-1, 2-3, 4-5, 6-7]}", "T01: {count: 1, paths: [0-1, 2-3, 4-5, 6-9]}",
     "'6-9': a tile has points 0..7 (2 a side)", "T01:"),
    ("T01: {count: 1, paths: [0-1, 2-3, 4-5, 6-7]}", "T01: {count: 1, paths: [0-1, 2-3, 4-5, 5-7]}",
     "'5-7': point 5 is already on path 4-5", "T01:"),
    ("T01: {count: 1, paths: [0-1, 2-3, 4-5, 6-7]}", "T01: {count: 1, paths: [0-1, 2-3, 4-5]}",
     "tile T01 leaves points 6, 7 on no path", "T01:"),
    ("T01: {count: 1, paths: [0-1, 2-3, 4-5, 6-7]}", "T01: {count: 1, sides: TBTB, segments: [track N S]}",
     "tile T01 needs its paths", "T01:"),
    ("T01: {count: 1, paths: [0-1, 2-3, 4-5, 6-7]}", "T01: {count: 1, sides: TBTB, segments: [track N S]}",
     "'sides' belongs to tiles joining sides; a path tile has paths", "T01:"),
    ("start: [c1:4,", "start: [c2:4,", "'c2:4' is not on the board's edge", "start:"),
    ("start: [c1:4,", "start: [g1:4,", "'g1:4' is not a point of the board", "start:"),
    ("start: [c1:4,", "start: [d6:0,", "'d6:0' is the start of two stones", "start:"),
    ("    place: facing", "    place: adjacent", "needs draw: hands and place: facing", "- name: play"),
    ("hands:\n  size: 3", "", "hands.size", "stones:"),
    ("bounds: {files: 6, ranks: 6}", "bounds: {files: 6, ranks: 6}\n    start: {tile: T01}", "no start tile",
     "start: {tile"),
    ("standing: stones", "standing: stones + tolls", "tolls", "standing:"),
]


@pytest.mark.parametrize("old,new,words,where", BROKEN)
def test_bad_words_are_located_findings(old, new, words, where, tmp_path):
    from rulebook import check_file
    from rulebook.errors import GameFileError
    text = GAME.read_text()
    assert old in text
    bad = text.replace(old, new, 1)
    path = tmp_path / "bad.yaml"
    path.write_text(bad)
    with pytest.raises(GameFileError) as info:
        check_file(path)
    found = [f for f in info.value.findings if words in f.message]
    assert found, [f.message for f in info.value.findings]
    line = next(i for i, x in enumerate(bad.splitlines(), 1) if where in x)
    assert found[0].line == line


def test_the_command_line_says_a_bad_file_in_one_located_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(GAME.read_text().replace("start: [c1:4,", "start: [c2:4,"))
    proc = subprocess.run([sys.executable, "-m", "rulebook", "validate", str(path)], capture_output=True, text=True)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr + proc.stdout
    assert re.search(r"bad\.yaml:\d+:\d+: 'c2:4' is not on the board's edge", proc.stdout + proc.stderr)


def test_the_growing_board_refuses_the_path_words(tmp_path):
    from rulebook import check_file
    from rulebook.errors import GameFileError
    zug = (ROOT / "games" / "zug.yaml").read_text()
    path = tmp_path / "z.yaml"
    path.write_text(zug.replace("    start: {tile: t_junction, at: [0, 0], rotation: 0}",
                                "    start: {tile: t_junction, at: [0, 0], rotation: 0}\n    bounds: {files: 4, ranks: 4}")
                    + "hands: {size: 3}\n")
    with pytest.raises(GameFileError) as info:
        check_file(path)
    said = " ".join(f.message for f in info.value.findings)
    assert "belong to games of stones on path tiles" in said
