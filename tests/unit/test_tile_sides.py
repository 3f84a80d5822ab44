"""Tiles with sides of several kinds (engine/boards/tiles/edges.py, features.py, claims.py,
edgerules.py, edgegame.py) on a made-up game, tests/data/tile_sides.yaml: side kinds with one,
two and three points, segments and marks, a segment in the middle, matching, claims, scoring
on completion and at the end, and every finding of the checks at its place."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook import CHANCE, GameFileError, check_file, load_game
from rulebook.boards.tiles.edges import POINTS, point_name

GAME = Path(__file__).resolve().parents[1] / "data" / "tile_sides.yaml"


@pytest.fixture(scope="module")
def g():
    return load_game(GAME)


def moves(g, st):
    return sorted(g.move_str(m) for m in g.legal_moves(st))


def play(g, st, text):
    return g.apply(st, g.parse_move(st, text))


def test_points_run_clockwise_from_the_north_west_corner():
    assert [point_name(p) for p in range(12)] == ["Nw", "N", "Ne", "En", "E", "Es", "Se", "S", "Sw", "Ws", "W", "Wn"]
    assert POINTS["Wn"] == 11 and POINTS["S"] == 7


def test_a_pond_meets_only_grass_beside_a_lane(g):
    st = play(g, g.initial_state(), "draw:pond")
    # north and south of the lane are path sides: the pond has none; east and west, grass sides
    # meet its three grass sides, in three turns each; a counter on the pond or the grass, or none
    assert moves(g, st) == sorted(f"pond@{c}r{r}{claim}" for c, rots in (("1,0", (0, 90, 180)), ("-1,0", (0, 180, 270)))
                                  for r in rots for claim in ("", "+pond:" + "NESW"[r // 90], "+grass:" + {
                                      0: "En", 90: "Nw", 180: "Nw", 270: "Nw"}[r]))


def test_segments_are_named_on_the_turned_tile(g):
    t = g.type_index["bend"]
    assert g.seg_names[t][0] == ("path:N", "grass:Ne", "grass:Nw")
    assert g.seg_names[t][1] == ("path:E", "grass:Es", "grass:Nw")
    assert len(g.shapes.rots[g.type_index["well"]]) == 1 and len(g.shapes.rots[g.type_index["lane"]]) == 2


def test_two_ponds_make_one_complete_pond_with_its_fish(g):
    st = g.layout(["lane@0,0r0", "pond@1,0r0+pond:N:amber"], pending="pond")
    st = play(g, st, "pond@1,1r180")
    assert g.outcome(st).breakdown["amber"]["ponds"] == 3 * 2 + 2 and st.supply == (3, 3)


def test_a_path_between_two_bends_and_the_grass_at_the_end(g):
    # lane N-S at 0,0; a bend at 0,1 turning from S to E... (bend r180 joins S and W; r90 E and S)
    st = g.layout(["lane@0,0r0+path:N:teal", "bend@0,1r90", "bend@0,-1r270+grass:Nw:amber"], bag={})
    assert g.is_over(st)
    bd = g.outcome(st).breakdown
    assert bd["teal"]["paths"] == 3                 # open at both bends' far ends: 1 per tile
    assert bd["amber"]["meadows"] == 0              # its grass touches the path, not complete


def test_a_well_spreads_over_its_neighbours(g):
    st = g.layout(["lane@0,0r0", "well@1,0r0+well:teal", "well@1,1r0"], bag={})
    assert g.feature_at(st, 1, 0, "well").tiles == 3
    assert g.outcome(st).breakdown["teal"]["wells"] == 2


def test_every_type_left_is_drawn_and_the_game_ends_with_the_bag(g):
    st = g.layout(["lane@0,0r0", "pond@1,0r0"], bag={"bend": 1, "well": 2})
    assert g.to_move(st) == CHANCE and moves(g, st) == ["draw:bend", "draw:well"]
    assert dict((g.move_str(m), w) for m, w in g.chance_outcomes(st)) == {"draw:bend": 1, "draw:well": 2}
    assert g.is_over(g.layout(["lane@0,0r0", "pond@1,0r0"], bag={}))


# ---------------------------------------------------------------- the checks
def _findings(text, name="sides.yaml"):
    with pytest.raises(GameFileError) as err:
        check_file(name, text)
    return [str(f) for f in err.value.findings]


def _text(**replace):
    text = GAME.read_text()
    for old, new in replace.items():
        assert old in text
        text = text.replace(old, new)
    return text


@pytest.mark.parametrize("old, new, message", [
    ("sides: TGTG, segments: [path N S,", "sides: TGXG, segments: [path N S,",
     "sides.yaml:18:29: 'X' is not a side kind (tiles.sides: T, P, G)"),
    ("[pond N fish, grass E S W]", "[pond N fish, grass E S]",
     "sides.yaml:19:45: tile type pond: no segment takes point Ws, Wn"),
    ("[pond N fish, grass E S W]", "[pond N fish, grass E S W N]",
     "sides.yaml:19:59: segment 'grass E S W N': side N (P: pond) has no point of feature 'grass'"),
    ("[pond N fish, grass E S W]", "[pond N fish, grass E S W, grass Es]",
     "sides.yaml:19:72: segment 'grass Es' takes a point of segment 'grass E S W'"),
    ("[pond N fish, grass E S W]", "[pond N salmon, grass E S W]",
     "sides.yaml:19:46: segment 'pond N salmon': 'salmon' is neither a side (N E S W), a half"),
    ("[well, grass N E S W]", "[well, well, grass N E S W]",
     "sides.yaml:20:52: two well segments in the middle of one tile: their names would be the same"),
    ("    G: [grass, grass]", "    GG: [grass, grass]",
     "sides.yaml:15:5: side kind 'GG': name a side kind by one letter"),
    ("    P: [pond]", "    P: [pool]", "sides.yaml:14:9: feature 'pool' is not in tiles.features"),
    ("  claim: [path, pond, well, grass]", "  claim: [path, pond, well, grass]\n  take_back: true",
     "take_back is a word of track tiles"),
    ("unplaceable: discard}", "}", "the phase builds: draw: tiles, place: adjacent, unplaceable: discard"),
    ("  paths: {feature: path, complete: 2 * tiles, end: tiles}", "  paths: tiles",
     "scoring part paths: with tiles.sides a part is {feature, complete, end}"),
    ("{feature: path, complete: 2 * tiles,", "{feature: road, complete: 2 * tiles,",
     "sides.yaml:31:20: unknown feature 'road'"),
    ("end: 0}", "end: fish > 1}", "sides.yaml:32:64: scoring part ponds's end must be a number, not a condition"),
    ("touching(pond)", "touching(fish)", "touching() needs a feature here, not a number"),
    ("lane: {count: 3, sides: TGTG, segments", "lane: {count: 3, connects: [N-S], sides: TGTG, segments",
     "sides.yaml:18:22: unknown key 'connects'"),
    ("  claim: [path, pond, well, grass]", "  claim: [path, pond, well, grass]\nroutes:\n  stop: well",
     "sides.yaml:13:8: side kind 'T': track runs between the middles of sides, so a side of track tiles has one "
     "point (the track) or none (blank) (a type's feature, routes or a sell phase make a file one of track tiles)"),
])
def test_every_finding_at_its_place(old, new, message):
    got = _findings(_text(**{old: new}))
    assert any(message in f for f in got), got


def test_a_blank_side_kind_has_no_point_and_meets_only_blank_sides():
    text = _text(**{"    P: [pond]": "    P: [pond]\n    B: []",
                    "pond: {count: 3, sides: PGGG, segments: [pond N fish, grass E S W]}":
                    "pond: {count: 3, sides: BGGG, segments: [grass E S W]}"})
    bad = text.replace("segments: [grass E S W]}", "segments: [grass N E S W]}")
    assert any("side N (B: blank) has no point of feature 'grass'" in f for f in _findings(bad))
    g = check_file("sides.yaml", text).compile({})
    st = play(g, g.initial_state(), "draw:pond")
    got = moves(g, st)
    assert got
    step = {0: (0, 1), 1: (1, 0), 2: (0, -1), 3: (-1, 0)}       # the cell a side faces, y up
    for m in got:       # pond@x,yrR: its blank north side, turned R degrees, faces no tile (the lane at 0,0)
        x, y, r = re.match(r"pond@(-?\d+),(-?\d+)r(\d+)", m).groups()
        dx, dy = step[int(r) // 90]
        assert (int(x) + dx, int(y) + dy) != (0, 0), m


def test_the_made_up_game_checks_and_plays_to_its_end(g):
    import random
    rng = random.Random(5)
    st = g.initial_state()
    while not g.is_over(st):
        if g.to_move(st) == CHANCE:
            outs = g.chance_outcomes(st)
            st = g.apply(st, rng.choices([m for m, _ in outs], [w for _, w in outs])[0])
        else:
            st = g.apply(st, rng.choice(g.legal_moves(st)))
    assert sum(st.bag) == 0 and g.outcome(st).over


def test_the_checks_import_no_compiled_game_and_track_games_none_of_this():
    import ast
    import subprocess
    import sys
    tiles = Path(__file__).resolve().parents[2] / "engine" / "boards" / "tiles"
    below = {"edgerules", "edges", "kind", "vocabulary", "words"}     # kind: its games are imported on first use
    for name in below - {"words"}:
        tree = ast.parse((tiles / f"{name}.py").read_text())
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1}
        assert {m.split(".")[0] for m in imported} <= below, (name, imported)
    # track tiles read their sides and segments with edges.py (the one reader), and no more of this
    zug = Path(__file__).resolve().parents[2] / "games" / "zug.yaml"
    out = subprocess.run([sys.executable, "-c", f"import sys, rulebook; rulebook.load_game({str(zug)!r}); "
                          "print(sorted(m for m in sys.modules if 'edge' in m or 'features' in m))"],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['rulebook.boards.tiles.edges']"
