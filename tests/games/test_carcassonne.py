"""Carcassonne (games/carcassonne.yaml) on tiles with sides of several kinds: the chance-perft
figures, scripted positions for every rule, and random matches replayed against a small
independent implementation written here (features found by a search of the whole board at every
ply, not kept as the engine keeps them), comparing legal moves and scores at every ply.

Coordinates are x,y with x growing east and y growing north; rotations are clockwise. The start
tile D at 0,0 r0 has its city N, its road E-W, and fields north (En Wn) and south (Es S Ws) of it.
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
GAME = ROOT / "games" / "carcassonne.yaml"
VARIANT = ROOT / "tests" / "data" / "variants" / "carcassonne_no_fields.yaml"


@lru_cache(maxsize=None)
def _game(players: int = 2, options: tuple = ()):
    return load_game(GAME, dict(options), players=players)


def game(players: int = 2, **options):
    return _game(players, tuple(sorted((k, str(v)) for k, v in options.items())))


def moves(g, st) -> list[str]:
    return sorted(g.move_str(m) for m in g.legal_moves(st))


def play(g, st, text):
    return g.apply(st, g.parse_move(st, text))


def points(g, st) -> dict:
    return g.outcome(st).breakdown


# ---------------------------------------------------------------- the figures
@pytest.mark.parametrize("players,depth,count", [(2, 1, 24), (2, 2, 484), (2, 3, 11551), (3, 1, 24), (3, 2, 484),
                                                 (3, 3, 11551), (2, 4, 330711)])
def test_chance_perft_from_the_start(players, depth, count):
    assert perft(game(players), game(players).initial_state(), depth) == count


def test_twelve_placements_with_e_drawn_from_the_start():
    g = game()
    st = play(g, g.initial_state(), "draw:E")
    assert g.to_move(st) == 0
    assert moves(g, st) == sorted([
        "E@0,1r180", "E@0,1r180+city:S", "E@0,1r180+field:Nw",
        "E@0,-1r90", "E@0,-1r90+city:E", "E@0,-1r90+field:Nw",
        "E@0,-1r180", "E@0,-1r180+city:S", "E@0,-1r180+field:Nw",
        "E@0,-1r270", "E@0,-1r270+city:W", "E@0,-1r270+field:Nw"])


def test_draws_are_every_type_left_weighted_by_its_count():
    g = game()
    st = g.initial_state()
    assert g.to_move(st) == CHANCE
    out = {g.move_str(m): w for m, w in g.chance_outcomes(st)}
    assert len(out) == 24 and out["draw:D"] == 3 and out["draw:V"] == 9 and sum(out.values()) == 71


# ---------------------------------------------------------------- placing
def test_every_side_meets_a_side_of_its_kind():
    g = game()
    st = play(g, g.initial_state(), "draw:U")       # road N-S, fields E and W
    got = moves(g, st)
    assert "U@1,0r90" in got and "U@-1,0r90" in got and "U@0,-1r0" not in got
    assert not any(m.startswith("U@0,1") for m in got)       # a city side above the start tile
    why = g.explain(st, "U@0,-1r0")
    assert "side N of the U is R" in why and "shows F" in why


def test_symmetric_tiles_are_offered_once_per_orientation():
    g = game()
    rots = {name: len(g.shapes.rots[t]) for t, name in enumerate(g.type_names)}
    assert [n for n, r in rots.items() if r == 1] == ["B", "C", "X"]
    assert [n for n, r in rots.items() if r == 2] == ["F", "G", "H", "U"]
    st = play(g, g.initial_state(), "draw:B")
    assert moves(g, st) == ["B@0,-1r0", "B@0,-1r0+field:Nw", "B@0,-1r0+monastery"]
    assert "the same placement as r0" in g.explain(st, "B@0,-1r90")


def test_every_listed_placement_gives_a_different_position():
    g = game()
    rng = random.Random(4)
    st = g.initial_state()
    for _ in range(40):
        if g.to_move(st) != CHANCE:
            after = [g.apply(st, m) for m in g.legal_moves(st)]
            assert len(set(after)) == len(after)
        st = g.apply(st, rng.choice(g.legal_moves(st)))


def test_a_tile_that_fits_nowhere_is_discarded_and_the_same_player_draws_again():
    g = game()
    st = g.layout(["D@0,0r0", "E@0,1r180"], seat=1, bag={"C": 1, "E": 1})
    st = play(g, st, "draw:C")          # a city on every side: nowhere to go
    assert g.to_move(st) == CHANCE and st.seat == 1 and moves(g, st) == ["draw:E"]
    st = play(g, st, "draw:E")
    assert g.to_move(st) == 1 and moves(g, st)
    st = play(g, st, "E@0,-1r180")
    assert g.is_over(st)                # the bag is empty


def test_the_game_ends_when_the_last_drawn_tile_is_discarded():
    g = game()
    st = play(g, g.layout(["D@0,0r0", "E@0,1r180"], bag={"C": 1}), "draw:C")
    assert g.is_over(st) and g.legal_moves(st) == []


# ---------------------------------------------------------------- claims
def test_a_claimed_feature_takes_no_second_counter():
    g = game()
    st = g.layout(["D@0,0r0+city:N:blue"], pending="E")
    got = moves(g, st)
    assert "E@0,1r180" in got and "E@0,1r180+field:Nw" in got and "E@0,1r180+city:S" not in got
    assert "holds a counter already" in g.explain(st, "E@0,1r180+city:S")


def test_a_segment_joining_a_claimed_feature_through_the_new_tile_is_refused():
    """Both fields of a U reach the one field of the A above it; the east one also reaches the
    claimed field of the B beside it: after laying, the two are one field, claimed."""
    g = game()
    st = g.layout(["A@0,1r0", "B@1,0r0+field:Nw:blue"], pending="U")
    assert [m for m in moves(g, st) if m.startswith("U@0,0")] == ["U@0,0r0", "U@0,0r0+road:N"]
    free = g.layout(["A@0,1r0", "B@1,0r0"], pending="U")
    assert [m for m in moves(g, free) if m.startswith("U@0,0")] == [
        "U@0,0r0", "U@0,0r0+field:Ne", "U@0,0r0+field:Nw", "U@0,0r0+road:N"]


def test_no_claim_without_a_counter_left():
    g = game(followers=0)
    st = play(g, g.initial_state(), "draw:E")
    assert moves(g, st) == ["E@0,-1r180", "E@0,-1r270", "E@0,-1r90", "E@0,1r180"]
    assert "no counter left" in g.explain(st, "E@0,1r180+city:S")


# ---------------------------------------------------------------- scoring as features complete
def test_a_two_tile_city_scores_four_and_the_counter_comes_back():
    g = game()
    st = play(g, g.initial_state(), "draw:E")
    st = play(g, st, "E@0,1r180+city:S")
    assert points(g, st)["red"]["city"] == 4 and st.supply == (7, 7) and st.claimed == {}


def test_pennants_count_two_in_a_completed_city():
    g = game()
    st = g.layout(["D@0,0r0", "C@0,1r0+city:N:red", "E@-1,1r90", "E@1,1r270"], pending="E")
    assert st.supply == (6, 7)
    st = play(g, st, "E@0,2r180")
    assert points(g, st)["red"]["city"] == 2 * 5 + 2 and st.supply == (7, 7)


@pytest.mark.parametrize("closing,each", [("R", 8), ("Q", 10)])
def test_a_tie_scores_in_full_for_every_seat_in_it(closing, each):
    g = game()
    st = g.layout(["D@0,0r0", "E@-1,1r90+city:E:red", "E@1,1r270+city:W:blue"], pending=closing)
    st = play(g, st, f"{closing}@0,1r180")
    bd = points(g, st)
    assert bd["red"]["city"] == each and bd["blue"]["city"] == each and st.supply == (7, 7)


def test_majority_takes_it_all():
    g = game(3)
    st = g.layout(["D@0,0r0", "E@-1,1r90+city:E:red", "E@1,1r270+city:W:red", "E@0,2r180+city:S:blue"],
                  pending="C")
    st = play(g, st, "C@0,1r0")
    bd = points(g, st)
    assert bd["red"]["city"] == 2 * 5 + 2 and bd["blue"]["city"] == 0 and st.supply == (7, 7, 7)


def test_a_city_crossing_a_tile_twice_counts_that_tile_once():
    g = game()
    # a ring of four tiles: the I at 1,1 holds two separate cities of the ring
    st = g.layout(["N@0,0r90", "N@1,0r0", "I@1,1r180+city:S:red"], pending="N")
    st = play(g, st, "N@0,1r180")
    assert points(g, st)["red"]["city"] == 2 * 4
    assert g.feature_at(st, 1, 1, "city:W") is g.feature_at(st, 1, 1, "city:S")


def test_a_road_scores_one_per_tile_between_its_ends():
    g = game()
    st = g.layout(["D@0,0r0+road:E:blue", "L@1,0r0"], seat=1, pending="W")
    st = play(g, st, "W@-1,0r0")
    assert points(g, st)["blue"]["road"] == 3 and st.supply == (7, 7)


def test_a_monastery_with_its_eight_neighbours_scores_nine():
    g = game()
    st = g.layout(["D@0,0r0", "B@0,-1r0+monastery:red", "U@-1,0r90", "U@1,0r90", "E@-1,-1r270", "E@1,-1r90",
                   "E@-1,-2r180", "E@0,-2r180"], pending="B")
    assert g.feature_at(st, 0, -1, "monastery").tiles == 8
    st = play(g, st, "B@1,-2r0")
    assert points(g, st)["red"]["monastery"] == 9 and st.supply == (7, 7)


# ---------------------------------------------------------------- the end
def test_end_scoring_of_unfinished_features_and_the_farmer_rule():
    g = game()
    st = g.layout(["D@0,0r0+road:E:blue", "E@0,1r180",             # a city of two, complete
                   "L@1,0r0+field:En:red", "E@1,1r180",            # another; the fields north join
                   "E@0,-1r180+field:Nw:blue",                     # the south field, by an open city
                   "M@-1,-1r0+city:N:red"], bag={})                # an open city with a pennant
    assert g.is_over(st)
    bd = points(g, st)
    assert bd["red"] == {"road": 0, "city": 1 + 1, "monastery": 0, "field": 3 * 2}
    assert bd["blue"] == {"road": 2, "city": 0, "monastery": 0, "field": 0}
    assert g.outcome(st).winners == ("red",)


def test_an_unfinished_monastery_scores_one_and_one_per_neighbour():
    g = game()
    st = g.layout(["D@0,0r0", "B@0,-1r0+monastery:blue", "E@1,-1r90"], bag={})
    assert points(g, st)["blue"]["monastery"] == 3


def test_a_field_counts_each_completed_city_once():
    g = game()
    # the field of the H borders both of its cities, which are one city completed by the ring
    st = g.layout(["N@0,0r90", "N@1,0r0", "I@1,1r180+field:Nw:red", "N@0,1r180"], bag={})
    assert points(g, st)["red"]["field"] == 3


# ---------------------------------------------------------------- notation and errors
def test_apply_refuses_moves_that_are_not_legal_there():
    g = game()
    st = play(g, g.initial_state(), "draw:E")
    with pytest.raises(IllegalMove):
        g.parse_move(st, "E@0,1r0")
    with pytest.raises(IllegalMove):
        g.apply(st, (g.type_index["E"], g.plane.cell(0, 1), 0, -1))
    with pytest.raises(IllegalMove):
        g.apply(st, ("d", 0))
    assert "not next to a laid tile" in g.explain(st, "E@5,5r0")
    assert "has no segment road:N" in g.explain(st, "E@0,1r180+road:N")


def test_seat_counts_are_checked():
    with pytest.raises(RulebookError, match="2 to 5 players, not 6"):
        load_game(GAME, players=6)
    assert game(5).players == ("red", "blue", "green", "yellow", "black")


def test_show_draws_segments_counters_and_the_score_table():
    from rulebook.look.scene import build
    from rulebook.look.svg import to_svg
    g = game()
    st = play(g, play(g, g.initial_state(), "draw:U"), "U@1,0r90+road:E")
    svg = to_svg(build(g, st))
    assert 'data-feature="city"' in svg and 'data-feature="road"' in svg and 'data-feature="field"' in svg
    assert 'data-owner="red"' in svg
    text = g.render(st)
    assert "player  road  city  monastery  field  total  supply" in text and "red" in text


# ---------------------------------------------------------------- the variant without fields
def test_the_variant_without_fields_offers_no_farmer():
    v = load_game(VARIANT)
    st = play(v, v.initial_state(), "draw:E")
    assert moves(v, st) == ["E@0,-1r180", "E@0,-1r180+city:S", "E@0,-1r270", "E@0,-1r270+city:W",
                            "E@0,-1r90", "E@0,-1r90+city:E", "E@0,1r180", "E@0,1r180+city:S"]
    assert "field" not in v.part_names


# ---------------------------------------------------------------- an independent implementation
# The base game's tile table written out (docs/games/carcassonne.md): per type, its count, sides N E S W, and segments (feature,
# ports, pennant, the segments of the same tile a field borders). Ports: N E S W for a city or
# road side, Nw Ne En Es Se Sw Ws Wn for the halves of field and road sides.
ALL8 = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"]
REF = {
    "A": (2, "FFRF", [("monastery", [], 0, []), ("road", ["S"], 0, []), ("field", ALL8, 0, [])]),
    "B": (4, "FFFF", [("monastery", [], 0, []), ("field", ALL8, 0, [])]),
    "C": (1, "CCCC", [("city", ["N", "E", "S", "W"], 1, [])]),
    "D": (4, "CRFR", [("city", ["N"], 0, []), ("road", ["E", "W"], 0, []), ("field", ["En", "Wn"], 0, [0]),
                      ("field", ["Es", "Se", "Sw", "Ws"], 0, [])]),
    "E": (5, "CFFF", [("city", ["N"], 0, []), ("field", ["En", "Es", "Se", "Sw", "Ws", "Wn"], 0, [0])]),
    "F": (2, "FCFC", [("city", ["E", "W"], 1, []), ("field", ["Nw", "Ne"], 0, [0]), ("field", ["Se", "Sw"], 0, [0])]),
    "G": (1, "CFCF", [("city", ["N", "S"], 0, []), ("field", ["En", "Es"], 0, [0]), ("field", ["Ws", "Wn"], 0, [0])]),
    "H": (3, "FCFC", [("city", ["E"], 0, []), ("city", ["W"], 0, []), ("field", ["Nw", "Ne", "Se", "Sw"], 0, [0, 1])]),
    "I": (2, "CCFF", [("city", ["N"], 0, []), ("city", ["E"], 0, []), ("field", ["Se", "Sw", "Ws", "Wn"], 0, [0, 1])]),
    "J": (3, "CRRF", [("city", ["N"], 0, []), ("road", ["E", "S"], 0, []), ("field", ["Es", "Se"], 0, []),
                      ("field", ["En", "Sw", "Ws", "Wn"], 0, [0])]),
    "K": (3, "CFRR", [("city", ["N"], 0, []), ("road", ["S", "W"], 0, []), ("field", ["Sw", "Ws"], 0, []),
                      ("field", ["En", "Es", "Se", "Wn"], 0, [0])]),
    "L": (3, "CRRR", [("city", ["N"], 0, []), ("road", ["E"], 0, []), ("road", ["S"], 0, []), ("road", ["W"], 0, []),
                      ("field", ["En", "Wn"], 0, [0]), ("field", ["Es", "Se"], 0, []), ("field", ["Sw", "Ws"], 0, [])]),
    "M": (2, "CFFC", [("city", ["N", "W"], 1, []), ("field", ["En", "Es", "Se", "Sw"], 0, [0])]),
    "N": (3, "CFFC", [("city", ["N", "W"], 0, []), ("field", ["En", "Es", "Se", "Sw"], 0, [0])]),
    "O": (2, "CRRC", [("city", ["N", "W"], 1, []), ("road", ["E", "S"], 0, []), ("field", ["Es", "Se"], 0, []),
                      ("field", ["En", "Sw"], 0, [0])]),
    "P": (3, "CRRC", [("city", ["N", "W"], 0, []), ("road", ["E", "S"], 0, []), ("field", ["Es", "Se"], 0, []),
                      ("field", ["En", "Sw"], 0, [0])]),
    "Q": (1, "CCFC", [("city", ["N", "E", "W"], 1, []), ("field", ["Se", "Sw"], 0, [0])]),
    "R": (3, "CCFC", [("city", ["N", "E", "W"], 0, []), ("field", ["Se", "Sw"], 0, [0])]),
    "S": (2, "CCRC", [("city", ["N", "E", "W"], 1, []), ("road", ["S"], 0, []), ("field", ["Se"], 0, [0]),
                      ("field", ["Sw"], 0, [0])]),
    "T": (1, "CCRC", [("city", ["N", "E", "W"], 0, []), ("road", ["S"], 0, []), ("field", ["Se"], 0, [0]),
                      ("field", ["Sw"], 0, [0])]),
    "U": (8, "RFRF", [("road", ["N", "S"], 0, []), ("field", ["Ne", "En", "Es", "Se"], 0, []),
                      ("field", ["Sw", "Ws", "Wn", "Nw"], 0, [])]),
    "V": (9, "FFRR", [("road", ["S", "W"], 0, []), ("field", ["Sw", "Ws"], 0, []),
                      ("field", ["Nw", "Ne", "En", "Es", "Se", "Wn"], 0, [])]),
    "W": (4, "FRRR", [("road", ["E"], 0, []), ("road", ["S"], 0, []), ("road", ["W"], 0, []),
                      ("field", ["Wn", "Nw", "Ne", "En"], 0, []), ("field", ["Es", "Se"], 0, []),
                      ("field", ["Sw", "Ws"], 0, [])]),
    "X": (1, "RRRR", [("road", ["N"], 0, []), ("road", ["E"], 0, []), ("road", ["S"], 0, []), ("road", ["W"], 0, []),
                      ("field", ["Ne", "En"], 0, []), ("field", ["Es", "Se"], 0, []), ("field", ["Sw", "Ws"], 0, []),
                      ("field", ["Wn", "Nw"], 0, [])]),
}
TURN = {"N": "E", "E": "S", "S": "W", "W": "N", "Nw": "En", "Ne": "Es", "En": "Se", "Es": "Sw", "Se": "Ws",
        "Sw": "Wn", "Ws": "Nw", "Wn": "Ne"}
FACING = {"N": "S", "E": "W", "S": "N", "W": "E", "Nw": "Sw", "Ne": "Se", "En": "Wn", "Es": "Ws", "Se": "Ne",
          "Sw": "Nw", "Ws": "Es", "Wn": "En"}
STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
NAME_ORDER = {"city": "NESW", "road": "NESW"}
PORT_ORDER = ALL8


def turned(letter: str, r: int):
    """(sides N E S W, segments with their ports) of a tile turned r quarter turns clockwise."""
    _n, sides, segs = REF[letter]
    for _ in range(r):
        sides = sides[3] + sides[:3]
        segs = [(f, [TURN[p] for p in ps], pen, b) for f, ps, pen, b in segs]
    return sides, segs


def seg_name(feature, ports) -> str:
    if not ports:
        return feature
    if feature == "field":
        return "field:" + min(ports, key=PORT_ORDER.index)
    return f"{feature}:" + min(ports, key="NESW".index)


class Ref:
    def __init__(self, seats: int):
        self.n = seats
        self.board = {(0, 0): ("D", 0)}
        self.bag = {k: v[0] for k, v in REF.items()}
        self.bag["D"] -= 1
        self.meeples = {}                   # (cell, segment index) -> seat
        self.supply = [7] * seats
        self.score = [{"road": 0, "city": 0, "monastery": 0, "field": 0} for _ in range(seats)]
        self.seat = 0

    def segs(self, board, cell):
        letter, r = board[cell]
        return turned(letter, r)[1]

    def feature(self, board, start):
        """The nodes (cell, segment) of the feature of node `start`, and whether it is complete."""
        cell, i = start
        f, ports, _p, _b = self.segs(board, cell)[i]
        if not ports:
            x, y = cell
            around = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
            return [start], all(c in board for c in around)
        seen, todo, complete = {start}, [start], True
        while todo:
            c, j = todo.pop()
            for p in self.segs(board, c)[j][1]:
                dx, dy = STEP[p[0]]
                nb = (c[0] + dx, c[1] + dy)
                if nb not in board:
                    complete = False
                    continue
                q = FACING[p]
                k = next(k for k, s in enumerate(self.segs(board, nb)) if q in s[1])
                if (nb, k) not in seen:
                    seen.add((nb, k))
                    todo.append((nb, k))
        return sorted(seen), complete

    def legal(self, letter: str) -> list[str]:
        out = set()
        cells = {(x + dx, y + dy) for x, y in self.board for dx, dy in STEP.values()} - set(self.board)
        looks = {}
        for r in range(4):
            sides, segs = turned(letter, r)
            key = (sides, frozenset((f, frozenset(ps), pen) for f, ps, pen, _b in segs))
            looks.setdefault(key, r)
        for cell in cells:
            for r in sorted(looks.values()):
                sides, segs = turned(letter, r)
                ok = all((cell[0] + STEP[s][0], cell[1] + STEP[s][1]) not in self.board
                         or turned(*self.board[(cell[0] + STEP[s][0], cell[1] + STEP[s][1])])[0]["NESW".index(FACING[s])]
                         == sides[i] for i, s in enumerate("NESW"))
                if not ok:
                    continue
                base = f"{letter}@{cell[0]},{cell[1]}r{90 * r}"
                out.add(base)
                if self.supply[self.seat] > 0:
                    board = dict(self.board)
                    board[cell] = (letter, r)
                    for i, (f, ps, _pen, _b) in enumerate(segs):
                        nodes, _c = self.feature(board, (cell, i))
                        if not any(n in self.meeples for n in nodes):
                            out.add(base + "+" + seg_name(f, ps))
        return sorted(out)

    def fits(self, letter) -> bool:
        return bool(self.legal(letter))

    def award(self, nodes, part, value):
        counts = [0] * self.n
        for n in nodes:
            if n in self.meeples:
                counts[self.meeples[n]] += 1
        top = max(counts)
        if top:
            for s in range(self.n):
                if counts[s] == top:
                    self.score[s][part] += value
        return counts

    def place(self, text: str):
        m = re.match(r"(\w)@(-?\d+),(-?\d+)r(\d+)(?:\+(.+))?$", text)
        letter, x, y, rot, claim = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4)) // 90, m.group(5)
        cell = (x, y)
        self.board[cell] = (letter, rot)
        segs = self.segs(self.board, cell)
        if claim:
            i = next(i for i, (f, ps, _p, _b) in enumerate(segs) if seg_name(f, ps) == claim)
            self.meeples[(cell, i)] = self.seat
            self.supply[self.seat] -= 1
        # completions: roads and cities through the tile, monasteries around it
        todo = [(cell, i) for i, s in enumerate(segs) if s[0] in ("road", "city")]
        todo += [((x + dx, y + dy), i) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (x + dx, y + dy) in self.board
                 for i, s in enumerate(self.segs(self.board, (x + dx, y + dy))) if s[0] == "monastery"]
        done = set()
        for node in todo:
            if node in done:
                continue
            nodes, complete = self.feature(self.board, node)
            done.update(nodes)
            if not complete:
                continue
            f = self.segs(self.board, node[0])[node[1]][0]
            tiles = len({c for c, _ in nodes})
            pennants = sum(self.segs(self.board, c)[j][2] for c, j in nodes)
            value = 9 if f == "monastery" else tiles if f == "road" else 2 * tiles + 2 * pennants
            counts = self.award(nodes, f, value)
            for n in nodes:
                self.meeples.pop(n, None)
            for s in range(self.n):
                self.supply[s] += counts[s]
        self.seat = (self.seat + 1) % self.n

    def end(self):
        seen = set()
        for node in sorted(self.meeples):
            if node in seen:
                continue
            nodes, complete = self.feature(self.board, node)
            seen.update(nodes)
            f = self.segs(self.board, node[0])[node[1]][0]
            if f == "monastery":
                x, y = node[0]
                value = sum((x + dx, y + dy) in self.board for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            elif f in ("road", "city"):
                tiles = len({c for c, _ in nodes})
                value = tiles + (sum(self.segs(self.board, c)[j][2] for c, j in nodes) if f == "city" else 0)
            else:
                cities = set()
                for c, j in nodes:
                    for b in self.segs(self.board, c)[j][3]:
                        city, done = self.feature(self.board, (c, b))
                        if done:
                            cities.add(tuple(city))
                value = 3 * len(cities)
            self.award(nodes, f, value)


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 5)])
def test_random_matches_against_the_reference(seed, players):
    g = game(players)
    rng = random.Random(seed)
    st, ref = g.initial_state(), Ref(players)
    while not g.is_over(st):
        if g.to_move(st) == CHANCE:
            assert moves(g, st) == sorted(f"draw:{k}" for k, v in ref.bag.items() if v)
            outs = g.chance_outcomes(st)
            move = rng.choices([m for m, _ in outs], [w for _, w in outs])[0]
            text = g.move_str(move)
            letter = text[5:]
            ref.bag[letter] -= 1
            st = g.apply(st, move)
            if not ref.fits(letter):
                assert g.to_move(st) == CHANCE or g.is_over(st)
                ref.pending = None
            else:
                ref.pending = letter
            continue
        assert g.to_move(st) == ref.seat
        got = moves(g, st)
        assert got == ref.legal(ref.pending), st.ply
        text = rng.choice(got)
        st = play(g, st, text)
        ref.place(text)
        if not g.is_over(st):
            assert points(g, st) == {g.players[s]: ref.score[s] for s in range(players)}
            assert list(st.supply) == ref.supply
    ref.end()
    assert points(g, st) == {g.players[s]: ref.score[s] for s in range(players)}


# ---------------------------------------------------------------- AI players
@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=20"])
def test_play_to_the_end(spec, tmp_path):
    """`rulebook play` with each kind of player (alphabeta plays no game with chance): the
    record replays here to the printed result."""
    record = tmp_path / "match.json"
    args = [sys.executable, "-m", "rulebook", "play", str(GAME), "--players", f"{spec},{spec}",
            "--seed", "3", "--record", str(record)]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=600, env=dict(os.environ))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    m = re.match(r"^(?:(?P<winners>[a-z]+(?:, [a-z]+)*) won|a draw) after (?P<plies>\d+) plies",
                 proc.stdout.strip().splitlines()[-1])
    assert m, proc.stdout
    g = game()
    st = g.initial_state()
    for text in json.loads(record.read_text())["moves"]:
        assert not g.is_over(st)
        st = play(g, st, text)
    out = g.outcome(st)
    assert out.over and set(out.winners) == set(m["winners"].split(", "))


def test_alphabeta_refuses_a_game_with_chance():
    proc = subprocess.run([sys.executable, "-m", "rulebook", "play", str(GAME), "--players", "alphabeta,random"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and "chance" in proc.stderr + proc.stdout


def test_analyze_reports_the_score_by_part():
    from rulebook import GameFactory
    from rulebook.play.variants import analyze, describe
    summary = analyze(GameFactory(str(GAME)), games=2, seed=1)
    for seat in ("red", "blue"):
        parts = summary["seat_wins"][seat]["mean_parts"]
        assert list(parts) == ["road", "city", "monastery", "field"]
        assert sum(parts.values()) == pytest.approx(summary["seat_wins"][seat]["mean_score"])
    assert "mean score red" in describe(summary)
