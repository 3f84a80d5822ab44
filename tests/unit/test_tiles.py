"""The open tile board engine apart from Zug: the route word (engine/boards/tiles/routes.py), the checks of tile
game files, and two made-up games (tests/data/tile_canal.yaml: build only, until a ply count;
tests/data/tile_post.yaml: deliveries with other feature names, a crossing tile, tolls of 2).

Coordinates are x,y, x growing east, y growing north; rotations turn clockwise N -> E -> S -> W.
"""
from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from rulebook import CHANCE, RulebookError, check_file, load_game
from rulebook.source.load import GameFileError
from rulebook.boards.tiles.routes import EMPTY, E, N, S, VOID, W, Network, Plane, TrackSet

DATA = Path(__file__).resolve().parents[1] / "data"
CANAL = DATA / "tile_canal.yaml"
POST = DATA / "tile_post.yaml"


@lru_cache(maxsize=None)
def _load(path, players, options=()):
    return load_game(path, dict(options), players=players)


def canal(players=2, **options):
    return _load(CANAL, players, tuple(sorted((k, str(v)) for k, v in options.items())))


def post():
    return _load(POST, 2)


def strs(g, moves):
    return sorted(g.move_str(m) for m in moves)


def play(g, st, text):
    return g.apply(st, g.parse_move(st, text))


def random_play(g, seed, check=None):
    rng = random.Random(seed)
    st = g.initial_state()
    while not g.is_over(st):
        if check:
            check(st)
        if g.to_move(st) == CHANCE:
            outs = g.chance_outcomes(st)
            move = rng.choices([m for m, _ in outs], [w for _, w in outs])[0]
        else:
            move = rng.choice(g.legal_moves(st))
        st = g.apply(st, move)
    return st


# ------------------------------------------------------------------------------ routes.py
def test_rotations_are_deduplicated_by_connections():
    tr = TrackSet([[(N, S)], [(S, E)], [(E, W), (N, S)], [], [(S, E), (N, W)]])
    # a straight repeats after a half turn, a curve never, a crossing at once, a blank tile too;
    # two opposite curves repeat after a half turn
    assert tr.rots == [(0, 1), (0, 1, 2, 3), (0,), (0,), (0, 1)]
    # turning clockwise: the curve S-E at 90 degrees joins W and S
    assert tr.exits(1, 1, W) == (S,) and tr.exits(1, 1, S) == (W,)
    # a crossing: entering by N, only S; no turning onto the other road
    assert tr.exits(2, 0, N) == (S,)
    # a cell whose south neighbour has track on its N side: key K = S, R = S
    key = (1 << S) << 4 | 1 << S
    assert tr.fits[0][key] == (0,) and tr.fits[1][key] == (0, 1) and tr.fits[3][key] == ()
    assert tr.fitting[key] == 0b10111                 # all but the blank tile
    assert tr.fits[3][(1 << S) << 4] == (0,)          # blank meets blank


def test_plane_cells_sort_as_xy():
    p = Plane(10)
    xy = [(x, y) for x in range(-3, 4) for y in range(-3, 4)]
    cells = [p.cell(x, y) for x, y in xy]
    assert [p.xy(c) for c in sorted(cells)] == sorted(xy)
    assert p.cell(0, 0) + p.delta[N] == p.cell(0, 1) and p.cell(0, 0) + p.delta[E] == p.cell(1, 0)
    with pytest.raises(ValueError):
        p.cell(20, 0)


def test_reach_first_stops_and_through():
    # types: 0 straight N-S, 1 stop (straight N-S); a column y = 0..4: stop, straight, stop, straight, stop
    tr = TrackSet([[(N, S)], [(N, S)]])
    p = Plane(10)
    net = Network(p, tr, [False, True])
    tiles = {p.cell(0, y): (1 if y % 2 == 0 else 0, 0, EMPTY) for y in range(5)}
    c0, c2, c4 = p.cell(0, 0), p.cell(0, 2), p.cell(0, 4)
    assert net.reach(tiles, c0, N) == {c2}                      # the first stop only
    assert net.reach(tiles, c0, N, through=True) == {c2, c4}
    assert net.reach(tiles, c0, S) == frozenset()               # an empty cell: a dead end
    tiles[c2] = (1, 0, VOID)                                    # a void stop is plain track
    assert net.reach(tiles, c0, N) == {c4}


def test_best_route_prefers_fewer_charges_then_fewer_tiles():
    # A ring around the empty cell 0,1, from 0,2 (E-W) to the stop 0,0 (E-W):
    #   west: 0,2 -> -1,2 (curve E-S) -> -1,1 (N-S) -> -1,0 (curve N-E) -> 0,0         5 tiles
    #   east: 0,2 -> 1,2 -> 2,2 (curve W-S) -> 2,1 (N-S) -> 2,0 (curve N-W) -> 1,0 -> 0,0  7 tiles
    tr = TrackSet([[(E, W)], [(S, E)], [(E, W)]])      # 0 straight, 1 curve, 2 stop (straight)
    p = Plane(10)
    net = Network(p, tr, [False, False, True])
    layout = {(0, 2): (0, 0), (-1, 2): (1, 0), (-1, 1): (0, 1), (-1, 0): (1, 3), (0, 0): (2, 0),
              (1, 2): (0, 0), (2, 2): (1, 1), (2, 1): (0, 1), (2, 0): (1, 2), (1, 0): (0, 0)}
    ring = {p.cell(x, y): (t, k, -1) for (x, y), (t, k) in layout.items()}
    start, dest = p.cell(0, 2), p.cell(0, 0)
    west = [(0, 2), (-1, 2), (-1, 1), (-1, 0), (0, 0)]
    east = [(0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0)]

    def route(charged, sides=(E, W), to=dest):
        found = net.best_route(ring, start, sides, to, charged)
        return found and ([p.xy(c) for c in found[0]], sorted(p.xy(c) for c in found[1]))

    nothing = lambda c, tile: False          # noqa: E731
    held = lambda c, tile: tile[2] == 1      # noqa: E731  (stops holding seat 1's counter charge)
    assert route(nothing) == (west, [])                          # no charges: the fewer tiles
    ring[p.cell(-1, 1)] = (2, 1, 1)                              # a charging stop on the west way
    assert route(held) == (east, [])                             # the fewer charges first
    ring[p.cell(2, 1)] = (2, 1, 1)                               # and one on the east way
    assert route(held) == (west, [(-1, 1)])                      # equal charges: the fewer tiles
    assert route(lambda c, tile: tile[2] == 1 or c == dest) == (west, [(-1, 1), (0, 0)])
    assert route(held, sides=(E,)) == (east, [(2, 1)])           # leaving east only
    ring[p.cell(-1, 1)] = (2, 1, VOID)                           # a void stop charges nothing
    assert route(held) == (west, [])
    assert route(nothing, to=p.cell(5, 5)) is None


# ------------------------------------------------------------------------------ checks
BAD = """\
game: Bad
players: [{name: a, forward: north}, b]
zones:
  home: rank 1
board:
  open:
    start: {tile: tjunction}
tiles:
  sides: {T: [track], B: []}
  types:
    straight: {count: 3, sides: TBTB, segments: [track N S, track S N]}
    loop:     {count: 2, sides: BTBB, segments: [track E E]}
    depot:    {count: 4, sides: TBTB, segments: [track N S], feature: depot}
    town:     {count: 4, sides: BBBB, segments: [], feature: town}
counters:
  supply: option.nope
  claim: [depot, depott]
routes:
  stop: statoin
phases:
  - name: build
    draw: tiles
    place: adjacent
    turns: 3
  - name: sell
    sell: {from: depot, to: twn}
    until: free(town) == 0 or passes >= player
end:
  win: ply > 3
scoring:
  towns: 3 * counters(towns)
  lines: counters(3)
evaluate: counters(depot) > 1
"""


def _findings(text, name="bad.yaml"):
    with pytest.raises(GameFileError) as err:
        check_file(name, text)
    return [str(f) for f in err.value.findings]


def test_check_reports_every_tile_finding_at_its_place():
    got = _findings(BAD)
    expected = [
        "bad.yaml:2:21: a forward direction belongs to grid boards, not to an open board",
        "bad.yaml:3:1: 'zones': zones belong to grid boards, not to an open board",
        "bad.yaml:7:19: the start tile 'tjunction' is not a tile type",
        "bad.yaml:11:61: segment 'track S N' repeats segment 'track N S' of straight",
        "bad.yaml:12:50: segment 'track E E': a piece of track joins two sides (such as N S)",
        "bad.yaml:16:11: unknown name 'option.nope'",
        "bad.yaml:17:18: counters.claim: unknown feature 'depott' (did you mean 'depot'?) (features: depot, town)",
        "bad.yaml:19:9: routes.stop: unknown feature 'statoin' (features: depot, town)",
        "bad.yaml:24:5: 'turns' belongs to grid phases, not to an open board",
        "bad.yaml:26:29: sell.to: unknown feature 'twn' (did you mean 'town'?) (features: depot, town)",
        "bad.yaml:27:41: unknown name 'player' (did you mean 'players'?)",
        "bad.yaml:28:1: 'end': end conditions belong to grid boards, not to an open board",
        "bad.yaml:31:23: unknown name 'towns' (did you mean 'town'?)",
        "bad.yaml:32:19: counters() needs a feature here, not a number",
        "bad.yaml:33:27: evaluate must be a number, not a condition",
    ]
    assert got == expected


def _canal_text(**replace):
    text = CANAL.read_text()
    for old, new in replace.items():
        assert old in text
        text = text.replace(old, new)
    return text


def test_check_line_functions_need_routes():
    text = _canal_text(**{"routes:\n  stop: dock\n": ""})
    msg = "counters_on_line() follows lines between stops: it needs routes.stop"
    # scoring.docks and evaluate, each at the call
    assert _findings(text, "canal.yaml") == [f"canal.yaml:39:31: {msg}", f"canal.yaml:42:11: {msg}"]


@pytest.mark.parametrize("old, new, message", [
    ("start: {tile: bend, at: [2, -1], rotation: 90}", "start: {tile: bend, rotation: 45}",
     "'board.open.start.rotation' must be one of: 0, 90, 180, 270"),
    ("  - name: dig\n    draw: tiles\n    place: adjacent", "  - name: dig\n    draw: tiles",
     "phase 'dig' builds: it needs both draw: tiles and place: adjacent"),
    ("  - name: dig\n    draw: tiles\n    place: adjacent", "  - name: dig",
     "phase 'dig' does nothing"),
    ("feature: dock}", "feature: wharf}", "feature 'wharf' is not in tiles.features"),
    ("  claim: [dock]", "  claim: [dock]\n  take_back: yes\n  extra: 1", "unknown key 'extra'"),
    ("scoring:\n", "scoring:\n  odd: counters(dock) if option.dock_points == two else 0\n",
     "unknown name 'two'"),
    ("until: ply >= option.dig_plies", "until: ply", "phase dig's until must be a condition, not a number"),
    ("count: 7, sides: LWWL", "count: 0, sides: LWWL",
     "the start tile is taken from the bend pieces, but their count is 0"),
    ("supply: 4 - players", "supply: mine", "unknown name 'mine'"),
    # track tiles in the words of sides: one kind with the track, one blank, pieces joining two sides
    ("sides: {W: [water], L: []}", "sides: {W: [bank, water, bank], L: []}",
     "canal.yaml:21:14: side kind 'W': track runs between the middles of sides"),
    ("sides: {W: [water], L: []}", "sides: {W: [water], L: [], M: []}",
     "canal.yaml:21:33: side kinds L and M both are blank"),
    ("sides: {W: [water], L: []}", "sides: {W: [water], L: [], R: [road]}",
     "canal.yaml:21:33: side kinds W and R both carry track"),
    ("  sides: {W: [water], L: []}    # a side is water or land\n", "",
     "canal.yaml:19:1: track tiles need tiles.sides"),
    ("segments: [water S E]}", "segments: [water S]}",
     "canal.yaml:24:47: segment 'water S': a piece of track joins two sides"),
    ("segments: [water S E]}", "segments: [water S E, water E S]}",
     "canal.yaml:24:58: segment 'water E S' repeats segment 'water S E' of bend"),
    ("segments: [water S E]}", "segments: [water S N]}",
     "canal.yaml:24:47: segment 'water S N': side N (L: blank) has no point of feature 'water'"),
    ("bend:  {count: 7, sides: LWWL, segments: [water S E]}", "bend:  {count: 7, sides: LWWL, segments: [water S]}",
     "canal.yaml:24:46: tile type bend: no segment takes point E"),
    ("player_count: {min: 1, max: 3, default: 2}", "player_count: {min: 1, max: 4, default: 2}",
     "only 3 players are named"),
])
def test_check_findings_on_variants_of_a_good_file(old, new, message):
    got = _findings(_canal_text(**{old: new}), "canal.yaml")
    assert any(message in f for f in got), got


def test_check_sell_words():
    text = POST.read_text().replace("sell: {from: office, to: house, toll: 2}", "sell: {from: house, to: hub}")
    got = "\n".join(_findings(text, "post.yaml"))
    assert "'house' tiles never hold a counter to sell: add it to counters.claim" in got
    assert "'hub' tiles receive counters by sales: they cannot also be claimed" in got
    text = POST.read_text().replace("routes:\n  stop: hub\n", "")
    got = "\n".join(_findings(text, "post.yaml"))
    assert "selling carries counters along routes: it needs routes.stop" in got
    assert "counters_between_same() follows lines between stops" in got


def test_seat_count_is_checked_at_compile():
    rules = check_file(CANAL)
    with pytest.raises(RulebookError, match="Canal diggers is played by 1 to 3 players, not 4"):
        rules.compile({"dig_plies": 30, "dock_points": 2}, 4)
    assert rules.compile({"dig_plies": 30, "dock_points": 2}).players == ("amber", "teal")
    assert load_game(POST, players=2).players == ("ink", "moss")
    with pytest.raises(RulebookError, match="exactly 2 players, not 3"):
        load_game(POST, players=3)


# ------------------------------------------------------------------------------ the kind's modules
def test_the_checker_imports_no_compiled_game():
    # rules.py (the checks), the words it reads (words/) and what they import stay below the game:
    # kind.py (Rules, their compile) names the games in its table, imported only on first use
    import ast
    tiles = Path(__file__).resolve().parents[2] / "engine" / "boards" / "tiles"
    below = {"rules", "routes", "vocabulary", "state", "words", "paths", "edges", "kind"}
    files = [tiles / f"{name}.py" for name in below - {"words"}] + sorted((tiles / "words").glob("*.py"))
    for f in files:
        tree = ast.parse(f.read_text())
        depth = 2 if f.parent.name == "words" else 1      # words/ imports the kind's modules with ..
        imported = {("words." if n.level == 1 and depth == 2 else "") + (n.module or "")
                    for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and 1 <= n.level <= depth}
        assert {m.split(".")[0] for m in imported} <= below, (f.name, imported)


def test_each_tile_word_says_what_the_reference_says():
    """docs/language.md's table of tile words has a row per module of words/, in the word's own words."""
    from rulebook.boards.tiles.words import RULE_SETS, row
    tiles = Path(__file__).resolve().parents[2] / "engine" / "boards" / "tiles" / "words"
    assert set(RULE_SETS) == {f.stem for f in tiles.glob("*.py")} - {"__init__"}
    md = (Path(__file__).resolve().parents[2] / "docs" / "language.md").read_text(encoding="utf-8")
    section = md[md.index("### Words of tile files"):md.index("\n## ", md.index("### Words of tile files"))]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    assert rows == [row(name) for name in RULE_SETS]


# ------------------------------------------------------------------------------ the canal game
def test_canal_start_tile_placements_and_supply():
    g = canal()
    st = g.initial_state()
    # the start bend at 2,-1 turned 90 degrees joins W and S; one bend left the bag
    assert st.tiles == {g.plane.cell(2, -1): (g.type_index["bend"], 1, EMPTY)}
    assert st.bag == (8, 6, 5) and st.supply == (2, 2)            # supply 4 - players
    assert canal(1).initial_state().supply == (3,) and canal(3).initial_state().supply == (1, 1, 1)
    assert {n: len(g.track.rots[t]) for n, t in g.type_index.items()} == {"canal": 2, "bend": 4, "dock": 2}
    st = play(g, st, "draw:canal")
    # West of the bend (its W side has track) a canal runs E-W; south of it too, but N-S; the
    # bend's N and E sides are blank, so the canal runs E-W north of it and N-S east of it.
    assert strs(g, g.legal_moves(st)) == ["canal@1,-1r90", "canal@2,-2r0", "canal@2,0r90", "canal@3,-1r0"]


def test_canal_ends_by_its_until_and_scores_docks_on_a_waterway():
    g = canal()
    end = random_play(g, 5)
    assert end.ply == 30 and sum(end.bag) == 20 - 1 - 15      # 15 placements, then digging stops
    short = random_play(canal(dig_plies=10), 5)
    assert short.ply == 10
    # By hand: docks at 0,0 (amber) and 0,2 (teal) joined by a canal: each reaches the other, so
    # each dock is on a waterway: 2 points each, plus the markers left (1 each).
    st = g.layout(["dock@0,0r0:amber", "canal@0,1r0", "dock@0,2r0:teal", "bend@0,-1r270"], stage="over")
    out = g.outcome(st)
    assert out.breakdown == {"amber": {"docks": 2, "spare": 1}, "teal": {"docks": 2, "spare": 1}}
    assert out.over and out.winners == ("amber", "teal")
    assert g.evaluate(st) == [0.5, 0.5]            # finished: a tie is worth 1/2 each
    assert canal(dock_points=3).outcome(st).breakdown["amber"]["docks"] == 3
    st = g.layout(["dock@0,0r0:amber", "canal@0,1r0", "dock@0,2r0:teal"], stage="draw")
    assert g.evaluate(st) == [0.2, 0.2]


def test_canal_empty_supply_without_take_back_only_leaves_unclaimed():
    g = canal()
    st = g.layout(["dock@0,0r0:amber", "dock@0,1r0:amber"], stage="place", pending="dock", seat=0)
    assert st.supply == (0, 2)
    assert {m[-1] for m in strs(g, g.legal_moves(st))} == {"-"}
    st = g.layout(["dock@0,0r0:amber"], stage="place", pending="dock", seat=1)
    assert {m[-1] for m in strs(g, g.legal_moves(st))} == {"+"}


# ------------------------------------------------------------------------------ the postal game
# Offices send along roads to hubs (crossings: E-W and N-S, not joined), houses take the letters.
#   -2,0 hub(moss)  -1,0 office(ink)  0,0 hub(moss)  1,0 road  2,0 hub(owner)   houses: 0,-1 and 2,1
def _post_line(owner="ink"):
    return ["hub@-2,0r0:moss", "office@-1,0r0:ink", "hub@0,0r0:moss", "road@1,0r0", f"hub@2,0r0:{owner}",
            "house@0,-1r0", "house@2,1r0"]


def test_post_sales_tolls_and_the_crossing():
    g = post()
    st = g.layout(_post_line(), stage="sell", seat=0)
    # By hand: the office's west side reaches moss's hub at -2,0, so it may send east: the first
    # hub east is moss's at 0,0 (house south of it), and through it ink's at 2,0 (house north).
    # Sending west reaches only -2,0, which no house touches.
    assert strs(g, g.legal_moves(st)) == ["sell:-1,0>0,0>0,-1", "sell:-1,0>2,0>2,1"]
    assert g.route(g.layout(_post_line(), seat=0), g.parse_move(st, "sell:-1,0>2,0>2,1")) == \
        ([(-1, 0), (0, 0), (1, 0), (2, 0)], [(0, 0)])
    after = play(g, st, "sell:-1,0>2,0>2,1")
    assert after.tolls == (0, 2)                    # toll 2 to moss for the hub passed
    out = g.outcome(after)
    assert out.breakdown["ink"] == {"houses": 5, "hubs": 0, "tolls": 0}
    # deliveries end when everybody passed in a row (no until in the file): moss passes, ink has
    # no office counter left and passes too
    after = play(g, after, "pass")
    assert not g.is_over(after)
    after = play(g, after, "pass")
    assert g.is_over(after) and g.outcome(after).winners == ("ink",)


def test_post_hub_between_hubs_of_one_player():
    g = post()
    # moss's hub at 0,0 has moss's hubs first each way (west through the office, east past the
    # road): 1 point. The other two have a dead end on one side: 0.
    st = g.layout(_post_line("moss"), stage="over")
    assert g.outcome(st).breakdown["moss"]["hubs"] == 1
    # A crossing does not turn: a hub north of 0,0 is reached only by the N-S road.
    st = g.layout(_post_line() + ["hub@0,1r0:ink"], stage="over")
    assert g.outcome(st).breakdown["moss"]["hubs"] == 0


def test_post_deliveries_start_with_the_first_player():
    # Lay out a finished board but one road, and let ink (seat 0) place that road last: with
    # `start: first` the deliveries begin with ink again, not with the next seat (moss).
    g = post()
    end = random_play(g, 3)
    texts, last = [], None
    for cell, (t, k, h) in end.tiles.items():
        text = f"{g.type_names[t]}@{g.plane.name(cell)}r{90 * k}"
        if last is None and g.type_names[t] == "road" and cell != g.start_cell:
            last = text
        else:
            owner = "" if g.type_names[t] == "house" or h == EMPTY else "void" if h == VOID else g.players[h]
            texts.append(text + (f":{owner}" if owner else ""))
    st = g.layout(texts, stage="place", pending="road", seat=0)
    after = play(g, st, last)
    assert not g.is_over(after) and g.to_move(after) == 0
    assert g.move_str(g.legal_moves(after)[0]).startswith(("sell:", "pass"))


def test_post_render():
    g = post()
    sold = play(g, g.layout(_post_line(), stage="sell", seat=0), "sell:-1,0>0,0>0,-1")
    text = g.render(sold)
    # the letters of the features (H hub, O office, then a free letter for house), counters by seat number
    assert "H hub, O office" in text and "H2" in text and "houses" in text and "ink" in text
    assert "\x1b[" in g.render(sold, color=True) and "\x1b[" not in text


# ------------------------------------------------------------------------------ properties
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10 ** 6), which=hs.sampled_from(["canal1", "canal3", "post"]))
def test_made_up_games_keep_their_invariants(seed, which):
    g = post() if which == "post" else canal(int(which[-1]))
    total = sum(t.count for t in g.rules.types)
    supply0 = g.supply0

    def check(st):
        assert len(st.tiles) + sum(st.bag) + (st.pending is not None) == total
        for s in range(g.n):
            assert st.supply[s] + sum(1 for *_x, h in st.tiles.values() if h == s) == supply0
        for m in g.legal_moves(st):         # every listed move applies
            g.apply(st, m)

    end = random_play(g, seed, check)
    out = g.outcome(end)
    assert out.over and set(out.winners) <= set(g.players) and out.winners


def test_each_rule_set_of_the_table_checks_its_files_into_rules_compiling_into_its_game():
    """kind.SETS: the rule set a file's words make it (words.rule_set_of) checks it; its rules name their
    rule set, compile into the game the table names, and survive pickling (workers get them so)."""
    import pickle
    from rulebook.boards.tiles.kind import SETS
    from rulebook.boards.tiles.words import rule_set_of
    games = Path(__file__).resolve().parents[2] / "games"
    for name, rule_set, game in (("zug", "track", "TileGame"), ("carcassonne", "sides", "EdgeGame"),
                                 ("tsuro", "paths", "PathGame")):
        rules = check_file(games / f"{name}.yaml")
        assert rules.RULE_SET == rule_set
        assert rule_set_of(rules.spec) == rule_set
        assert SETS[rule_set].game.endswith(f":{game}")
        again = pickle.loads(pickle.dumps(rules))
        assert type(again.compile({k: o.get("default") for k, o in (rules.spec.get("options") or {}).items()})
                    ).__name__ == game


def test_each_rule_set_s_expressions_know_the_names_its_words_give():
    """vocabulary(): the names of each context are those of the words its rule set takes (a word's
    NAMES, FUNCTIONS, LISTED), then the lists the rules give, then the options."""
    from rulebook.boards.tiles.vocabulary import FEATURE, GAME, SEAT, reserved, vocabulary
    spec = {"options": {"bonus": {"default": 2}}}
    lists = {"features": ["city", "road"], "marks": ["pennant"]}

    def known(rule_set, context):
        v = vocabulary(rule_set, context, spec, lists, seats=3)
        return set(v.names), set(v.functions), v

    names, functions, v = known("track", SEAT)
    assert names == {"tolls", "passes", "players", "ply", "supply", "city", "road", "option.bonus"}
    assert functions == {"counters", "free", "counters_on_line", "counters_between_own", "counters_between_same"}
    assert v.names["road"].code == "1" and v.names["players"].code == "3"
    assert v.functions["counters"].emit(["1"], None) == "st.census[5 * 1 + 2 + me]"      # a census row: 3 + 2
    names, functions, v = known("sides", FEATURE)
    assert names == {"tiles", "complete", "players", "pennant", "city", "road", "option.bonus"}
    assert functions == {"touching", "touching_complete"} and v.names["pennant"].code == "F.marks[0]"
    assert known("sides", SEAT)[:2] == ({"score", "lead", "supply", "players", "ply", "option.bonus"}, set())
    assert known("paths", SEAT)[:2] == ({"stones", "tiles", "players", "ply", "option.bonus"}, set())
    assert known("track", GAME)[:2] == known("sides", GAME)[:2] == ({"players", "option.bonus"}, set())
    assert vocabulary("track", SEAT, {}).names["players"].code == "NSEATS"      # seats unknown while checking
    assert "ply" in reserved("track", SEAT) and "counters_on_line" in reserved("track", SEAT)


def test_a_file_s_words_make_its_rule_set():
    """words.rule_set_of: stones make paths; tiles.sides make sides, unless a word only track tiles
    take is there (a type's feature, routes, a sell phase); without tiles.sides, track."""
    from rulebook.boards.tiles.words import rule_set_of
    sides = yaml.safe_load((DATA / "tile_sides.yaml").read_text())
    assert rule_set_of(sides) == "sides"
    assert rule_set_of({**sides, "routes": {"stop": "well"}}) == "track"
    assert rule_set_of({**sides, "phases": [{"name": "a", "draw": "tiles"}, {"name": "b", "sell": {}}]}) == "track"
    assert rule_set_of({**sides, "stones": {}}) == "paths"
    canal = yaml.safe_load(CANAL.read_text())
    del canal["routes"]
    assert rule_set_of(canal) == "track"            # its dock is a feature of the whole tile
    del canal["tiles"]["types"]["dock"]["feature"]
    assert rule_set_of(canal) == "sides"
    del canal["tiles"]["sides"]
    assert rule_set_of(canal) == "track"
