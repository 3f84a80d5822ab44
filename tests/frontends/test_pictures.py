"""Pictures of positions (rulebook.look): the SVG of every shipped game parses, names every used
cell once, shows the position's pieces; a PNG of each renders; `show --svg/--png` writes them."""
from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from conftest import GAMES, ROOT
from rulebook import RulebookError, load_game
from rulebook.look import move_cells, picture_png, picture_svg
from rulebook.look.style import look_for

SVG = "{http://www.w3.org/2000/svg}"
SHIPPED = sorted(p.name for p in GAMES.glob("*.yaml"))


def advance(game, plies: int):
    """A position a few plies in (the middle legal move each time), and its last move's text."""
    st, last = game.initial_state(), None
    for _ in range(plies):
        if game.is_over(st):
            break
        ms = sorted(game.legal_moves(st), key=game.move_str)
        m = ms[len(ms) // 2]
        last, st = game.move_str(m), game.apply(st, m)
    return st, last


def cells_of(root) -> list[str]:
    return [g.get("data-cell") for g in root.iter(f"{SVG}g") if g.get("data-cell") is not None]


def pieces_of(root) -> list:
    return [e for e in root.iter() if "piece" in (e.get("class") or "").split()]


def expected_pieces(game, st) -> int:
    if hasattr(game, "scene") and game.scene(st)["kind"] == "paths":     # stones on path tiles
        return len(game.scene(st)["stones"])
    if hasattr(game, "position_json"):
        n = 0
        for by in game.position_json(st)["pieces"].values():
            n += len(by) if isinstance(by, list) else sum(len(v) for v in by.values())
        return n
    return sum(1 for t in game.scene(st)["tiles"] if t["holder"] is not None)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_svg_of_every_shipped_game(name):
    path = GAMES / name
    game = load_game(path)
    st, last = advance(game, 8 if name == "zug.yaml" else 3)
    root = ET.fromstring(picture_svg(game, st, look_for(game), last))
    names = cells_of(root)
    assert len(names) == len(set(names))              # every cell once
    if hasattr(game, "geo"):
        assert sorted(names) == sorted(game.geo.name(i) for i in game.geo.cells())   # used cells only
    else:
        sc = game.scene(st)
        every = sc["squares"] if sc["kind"] == "paths" else sc["points"] if sc["kind"] == "track" else \
            sc["tiles"] + sc["open"]
        assert sorted(names) == sorted(t["cell"] for t in every)
    assert len(pieces_of(root)) == expected_pieces(game, st)
    if last and move_cells(last, set(names)):
        assert [e for e in root.iter() if e.get("class") == "mark"]
    assert root.find(f"{SVG}title").text == game.name


def test_pieces_stand_where_the_position_has_them():
    game = load_game(GAMES / "english_draughts.yaml")
    st = game.position({"white": {"man": ["b2"], "king": ["d4"]}, "black": {"man": ["f6"]}}, to_move="white")
    root = ET.fromstring(picture_svg(game, st))
    where = {g.get("data-cell"): [(e.get("data-owner"), e.get("data-kind")) for e in pieces_of(g)]
             for g in root.iter(f"{SVG}g") if g.get("data-cell")}
    assert {c: p for c, p in where.items() if p} == {"b2": [("white", "man")], "d4": [("white", "king")],
                                                       "f6": [("black", "man")]}


def test_zug_tiles_show_their_track_from_the_side_connections():
    game = load_game(GAMES / "zug.yaml")
    st = game.layout(["t_junction@0,0r0", "bypass@1,0r90"])
    sc = {t["cell"]: t for t in game.scene(st)["tiles"]}
    assert sc["0,0"]["links"] != sc["1,0"]["links"]      # a T-junction and a bypass differ
    root = ET.fromstring(picture_svg(game, st))
    tracks = {g.get("data-cell"): len([e for e in g if e.get("class") == "track"]) for g in root.iter(f"{SVG}g")
              if g.get("data-cell") in sc}
    assert tracks == {c: len(t["links"]) + len(t["ends"]) for c, t in sc.items()}


def test_zug_has_a_legend_and_the_score_by_part():
    """The terminal's score table (each part, the total, the counters left) under the legend."""
    game = load_game(GAMES / "zug.yaml")
    st = game.layout(["t_junction@0,0r0", "bypass@1,0r90"])
    parts = list(next(iter(game.outcome(st).breakdown.values())))
    root = ET.fromstring(picture_svg(game, st, look_for(game)))
    heads = [e.text or "" for e in root.iter(f"{SVG}text") if "head" in (e.get("class") or "").split()]
    assert heads == ["", *parts, "total", "left"] and "tolls" in parts
    legend = {e.text for e in root.iter(f"{SVG}text") if e.get("class") == "legend"}
    assert {"factory", "station", "city", "locomotive"} <= legend
    seats = [e for e in root.iter(f"{SVG}circle") if e.get("class") == "score seat"]
    assert len(seats) == len(game.players)              # each seat's row, by its counters' colour
    assert "no counter can go there" not in legend


def test_a_void_tiles_cross_is_in_the_legend():
    game = load_game(GAMES / "zug.yaml")
    st = game.layout(["station@0,0r0:void"])
    root = ET.fromstring(picture_svg(game, st, look_for(game)))
    assert [e for e in root.iter(f"{SVG}polyline") if e.get("class") == "void"]
    assert "no counter can go there" in {e.text for e in root.iter(f"{SVG}text") if e.get("class") == "legend"}


def test_lezug_shades_each_seats_stations():
    path = GAMES / "lezug.yaml"
    game = load_game(path)
    root = ET.fromstring(picture_svg(game, game.initial_state(), look_for(game)))
    fill = {g.get("data-cell"): g.find(f"{SVG}polygon").get("fill") for g in root.iter(f"{SVG}g") if g.get("data-cell")}
    assert fill["a1"] == fill["b4"] != fill["a17"] == fill["b14"] != fill["i9"]


@pytest.mark.parametrize("name", SHIPPED)
def test_a_png_of_every_shipped_game(name, tmp_path):
    path = GAMES / name
    game = load_game(path)
    st, last = advance(game, 4)
    out = tmp_path / "p.png"
    picture_png(game, st, out, look_for(game), last)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 2000


def run(*args):
    return subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_show_writes_svg_and_png_of_a_record(tmp_path):
    rec = tmp_path / "m.json"
    assert run("play", GAMES / "lezug.yaml", "--seed", "2", "--record", rec, "--option", "max_plies=12").returncode == 0
    svg, png = tmp_path / "p.svg", tmp_path / "p.png"
    proc = run("show", GAMES / "lezug.yaml", "--record", rec, "--ply", "5", "--svg", svg, "--png", png)
    assert proc.returncode == 0, proc.stderr
    root = ET.parse(svg).getroot()
    assert len(cells_of(root)) == 145 and len(pieces_of(root)) == 24
    assert "ply 5" in svg.read_text() and png.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("look, words", [
    ("look:\n  zones: {nowhere: red}\n", ":3:11: look.zones: 'nowhere' is not a zone of this game (board)"),
    ("look:\n  colours: {z: red}\n", ":3:13: look.colours: 'z' is not a seat of this game (x, o)"),
    ("look:\n  colours: {x: '#12'}\n", "'#12' is not a colour: #rgb, #rrggbb or a colour word such as red"),
    ("look:\n  shapes: round\n", "shapes"),
])
def test_a_bad_look_section_is_a_located_error(tmp_path, look, words):
    base = (GAMES / "tictactoe.yaml").read_text()
    path = tmp_path / "t.yaml"
    path.write_text(f"extends: {GAMES / 'tictactoe.yaml'}\n{look}")
    proc = run("show", path, "--svg", tmp_path / "o.svg")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert words in proc.stderr, proc.stderr
    assert base


@pytest.mark.parametrize("args, words", [
    (["--svg", "/no/such/folder/x.svg"], "no folder /no/such/folder"),
    (["--png", "."], "a folder, not a file"),
])
def test_show_refuses_a_bad_target(args, words):
    proc = run("show", GAMES / "tictactoe.yaml", *args)
    assert proc.returncode == 1 and words in proc.stderr and "Traceback" not in proc.stderr


def test_a_game_without_pictures_is_refused():
    class Bare:
        name = "bare"
    with pytest.raises(RulebookError, match="no picture"):
        picture_svg(Bare(), None)


# ---------------------------------------------------------------- boards of lines, plates, marks
def groups_by_cell(root) -> dict:
    return {g.get("data-cell"): g for g in root.iter(f"{SVG}g") if g.get("data-cell")}


def of_class(root, cls: str) -> list:
    return [e for e in root.iter() if cls in (e.get("class") or "").split()]


def test_crossings_draw_lines_and_stones_on_their_points():
    game = load_game(GAMES / "go.yaml")
    st = game.apply(game.initial_state(), game.parse_move(game.initial_state(), "e5"))
    root = ET.fromstring(picture_svg(game, st, look_for(game)))
    lines = of_class(root, "grid")
    assert len(lines) == 9 + 9                        # every file and rank a line, no squares
    assert not [e for e in root.iter(f"{SVG}polygon") if e.get("class") == "cell"]
    stone, = pieces_of(root)
    point = groups_by_cell(root)["e5"].find(f"{SVG}polygon")
    xs = [float(p.split(",")[0]) for p in point.get("points").split()]
    assert abs(float(stone.get("cx")) - (max(xs) + min(xs)) / 2) < 0.5        # the stone on e5's point
    # the lines run through the points: the file e's line at the stone's x
    assert any(abs(float(ln.get("points").split()[0].split(",")[0]) - float(stone.get("cx"))) < 0.5 for ln in lines)


@pytest.mark.parametrize("size, stars", [(9, 5), (13, 5), (19, 9), (5, 0)])
def test_star_points_follow_the_board_size(size, stars):
    game = load_game(GAMES / "go.yaml", options={"size": size})
    root = ET.fromstring(picture_svg(game, game.initial_state(), look_for(game)))
    assert len(of_class(root, "star")) == stars


def test_a_gap_breaks_the_inner_files_and_lines_join_cells():
    game = load_game(GAMES / "xiangqi.yaml")
    root = ET.fromstring(picture_svg(game, game.initial_state(), look_for(game)))
    lines = of_class(root, "grid")
    assert len(lines) == 2 + 7 * 2 + 10 + 4           # edge files whole, inner ones in two, ranks, diagonals
    where = {n: groups_by_cell(root)[n].find(f"{SVG}polygon") for n in ("d0", "f2")}

    def centre(poly):
        pts = [tuple(map(float, p.split(","))) for p in poly.get("points").split()]
        return (max(x for x, _ in pts) + min(x for x, _ in pts)) / 2, (max(y for _, y in pts) + min(y for _, y in pts)) / 2
    a, b = centre(where["d0"]), centre(where["f2"])
    ends = [[tuple(map(float, p.split(","))) for p in ln.get("points").split()] for ln in lines]
    assert any(abs(e[0][0] - a[0]) < .5 and abs(e[0][1] - a[1]) < .5 and abs(e[-1][0] - b[0]) < .5 for e in ends)


def test_marks_cross_squares_and_plates_hold_their_blocks():
    tablut = load_game(GAMES / "tablut.yaml")
    root = ET.fromstring(picture_svg(tablut, tablut.initial_state(), look_for(tablut)))
    marked = {c for c, g in groups_by_cell(root).items() if of_class(g, "cellmark")}
    assert marked == {"e5", "a1", "i1", "a9", "i9"}
    pentago = load_game(GAMES / "pentago.yaml")
    plain = ET.fromstring(picture_svg(pentago, pentago.initial_state(), look_for(pentago)))
    assert len(of_class(plain, "plate")) == 4 and not plain.findall(f".//{SVG}g[@data-part]")
    page = ET.fromstring(picture_svg(pentago, pentago.initial_state(), look_for(pentago), controls=True))
    parts = sorted(g.get("data-part") for g in page.iter(f"{SVG}g") if g.get("data-part"))
    assert parts == sorted(f"/{j}{s}" for j in range(1, 5) for s in ("cw", "ccw"))
    # every part a move's ending: a placement and that part is a legal move
    legal = {pentago.move_str(m) for m in pentago.legal_moves(pentago.initial_state())}
    assert all("a1" + p in legal for p in parts)


def test_seats_drawn_as_cross_and_ring():
    game = load_game(GAMES / "tictactoe.yaml")
    st = game.initial_state()
    for m in ("b2", "a1"):
        st = game.apply(st, game.parse_move(st, m))
    root = ET.fromstring(picture_svg(game, st, look_for(game)))
    by = groups_by_cell(root)
    assert [e.tag for e in pieces_of(by["b2"])] == [f"{SVG}polyline"]          # x: a cross of two strokes
    assert len(of_class(by["b2"], "piece-part")) == 1
    ring, = pieces_of(by["a1"])
    assert ring.tag == f"{SVG}circle" and ring.get("fill") == "none"          # o: a ring


@pytest.mark.parametrize("look, words", [
    ("look:\n  marks: [z9]\n", ":3:11: 'z9' is not a cell of the board (3x3)"),
    ("look:\n  marks: {2x2: [c3]}\n", "'c3' is not a cell of the board (2x2)"),
    ("look:\n  lines: [a1 d4]\n", "'d4' is not a cell of the board (3x3)"),
    ("look:\n  gap: {after_rank: 3}\n", "look.gap: rank 3 has no next rank on the board (ranks 1 to 3)"),
    ("look:\n  plates: quadrant\n", "look.plates: 'quadrant' is not a set of board.blocks (the board has none)"),
    ("look:\n  shapes: {z: cross}\n", "look.shapes: 'z' is not a seat of this game (x, o)"),
    ("look:\n  points: dots\n", "points"),
    ("look:\n  glyphs: {queen: Q}\n", ":3:12: look.glyphs: 'queen' is not a piece kind of this game (mark)"),
    ("look:\n  glyphs: {mark: XY}\n", "glyphs"),
])
def test_a_bad_board_look_is_a_located_error(tmp_path, look, words):
    path = tmp_path / "t.yaml"
    path.write_text(f"extends: {GAMES / 'tictactoe.yaml'}\n{look}")
    proc = run("validate", path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert words in proc.stderr + proc.stdout, proc.stderr + proc.stdout


def test_glyph_kinds_are_drawn_as_their_figure_in_the_seats_colour():
    game = load_game(GAMES / "chess.yaml")
    look = look_for(game)
    root = ET.fromstring(picture_svg(game, game.initial_state(), look))
    by = groups_by_cell(root)
    for cell, owner, kind in (("e1", "white", "unmoved_king"), ("d8", "black", "queen"), ("b1", "white", "knight")):
        piece, = pieces_of(by[cell])
        assert piece.tag == f"{SVG}text" and piece.text == look.glyphs[kind]
        assert (piece.get("data-owner"), piece.get("data-kind")) == (owner, kind)
        assert piece.get("fill") == look.seat_colour(game.players.index(owner), owner)
        assert piece.get("stroke")                       # outlined: a white figure shows on a light square
        assert not of_class(by[cell], "symbol")          # the figure replaces the letter
    draughts = load_game(GAMES / "english_draughts.yaml")      # a game without glyphs keeps its discs
    root = ET.fromstring(picture_svg(draughts, draughts.initial_state(), look_for(draughts)))
    assert {e.tag for e in pieces_of(root)} == {f"{SVG}circle"}


def play(game, *moves, st=None):
    st = game.initial_state() if st is None else st
    for m in moves:
        st = game.apply(st, game.parse_move(st, m))
    return st


def test_the_end_is_told_by_the_rule_and_case_that_held():
    from rulebook.look.scene import end_reason, result_words, status
    chess = load_game(GAMES / "chess.yaml")
    assert end_reason(chess, chess.initial_state()) == "" and chess.end_cause(chess.initial_state()) is None
    mate = play(chess, "f2f3", "e7e5", "g2g4", "d8h4")
    assert chess.end_cause(mate) == ("win", 0) and result_words(chess, mate) == "black won: checkmate"
    assert "black won: checkmate" in status(chess, mate)
    stale = chess.position({"white": {"king": ["c6"], "queen": ["b6"]}, "black": {"king": ["a8"]}}, to_move="black")
    assert chess.end_cause(stale) == ("draw", 0) and result_words(chess, stale) == "a draw: stalemate"
    ttt = load_game(GAMES / "tictactoe.yaml")
    assert result_words(ttt, play(ttt, "a1", "b1", "a2", "b2", "a3")) == "x won: three in a row"
    full = play(ttt, "b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3")
    assert ttt.end_cause(full) == ("draw", 0) and result_words(ttt, full) == "a draw: the board is full"
    draughts = load_game(GAMES / "english_draughts.yaml")
    stuck = draughts.position({"white": {"king": ["a1"]}, "black": {"king": ["b2", "c3"]}}, to_move="white")
    assert draughts.end_cause(stuck) == ("blocked", 0) and result_words(draughts, stuck) == "black won: no legal move"


def test_an_end_without_a_name_is_said_in_the_words_of_the_rules():
    from rulebook.look.prose import Teller
    from rulebook.look.scene import end_reason
    hexgame = load_game(GAMES / "hex.yaml")
    st, moves = hexgame.initial_state(), iter(sorted(hexgame.legal_moves(hexgame.initial_state()), key=hexgame.move_str))
    while not hexgame.is_over(st):      # the first free cell each time: a game that ends
        st = hexgame.apply(st, min(hexgame.legal_moves(st), key=hexgame.move_str))
    rule, case = hexgame.end_cause(st)
    assert rule == "win"
    assert end_reason(hexgame, st) == Teller(hexgame.info).cases(hexgame.info.sections["end"]["win"])[case] != ""


@pytest.mark.parametrize("look, words", [
    ("look:\n  reasons: {lose: gone}\n", ":3:13: look.reasons: the file has no end.lose (it has win, draw)"),
    ("look:\n  reasons: {draw: [full, empty]}\n", "look.reasons.draw: 2 names, but end.draw has 1 case(s)"),
    ("look:\n  reasons: {finish: x}\n", ":3:13: unknown key 'finish'; expected one of: blocked, draw, lose, over, win"),
])
def test_a_bad_reason_is_a_located_error(tmp_path, look, words):
    path = tmp_path / "t.yaml"
    path.write_text(f"extends: {GAMES / 'tictactoe.yaml'}\n{look}")
    proc = run("validate", path)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert words in proc.stderr + proc.stdout, proc.stderr + proc.stdout


@pytest.mark.parametrize("name, moves, line", [
    ("tictactoe.yaml", ["a1", "b1", "a3", "b2", "a2"], {"a1", "a2", "a3"}),
    ("connect4.yaml", ["a1", "b1", "a2", "b2", "a3", "b3", "g1", "b4"], {"b1", "b2", "b3", "b4"}),
    ("gomoku.yaml", ["a1", "b1", "c1", "b2", "d1", "b3", "e1", "b4", "g1", "b5"], {"b1", "b2", "b3", "b4", "b5"}),
])
def test_the_winning_line_is_marked(name, moves, line):
    game = load_game(GAMES / name)
    st = game.initial_state()
    for m in moves:
        assert not game.is_over(st)
        st = game.apply(st, game.parse_move(st, m))
    assert game.is_over(st) and set(game.won_cells(st)) == line
    root = ET.fromstring(picture_svg(game, st, look_for(game)))
    won = {c for c, g in groups_by_cell(root).items() if of_class(g, "won")}
    assert won == line
    before = game.initial_state()           # a game that runs marks nothing
    assert game.won_cells(before) == [] and "won" not in picture_svg(game, before)


def test_a_piece_a_legal_rule_finds_attacked_is_marked():
    chess = load_game(GAMES / "chess.yaml")
    st = play(chess, "e2e4", "f7f6", "d1h5")                   # check: the black king on e8
    assert chess.threatened_cells(st) == ["e8"]
    by = groups_by_cell(ET.fromstring(picture_svg(chess, st, look_for(chess))))
    assert {c for c, g in by.items() if of_class(g, "threatened")} == {"e8"}
    blocked = play(chess, "g7g6", st=st)                        # the check blocked: nothing marked
    assert chess.threatened_cells(blocked) == [] and "threatened" not in picture_svg(chess, blocked)
    shogi = load_game(GAMES / "shogi.yaml")                     # another file's rule of its own words
    assert shogi.threatened_cells(shogi.initial_state()) == []


def test_an_empty_symbol_draws_a_plain_disc():
    game = load_game(GAMES / "english_draughts.yaml")         # plain men, crowned kings
    st = game.position({"white": {"man": ["b2"], "king": ["d4"]}, "black": {"man": ["f6"]}}, to_move="white")
    by = groups_by_cell(ET.fromstring(picture_svg(game, st, look_for(game))))
    assert [e.text for e in of_class(by["d4"], "symbol")] == [look_for(game).symbols["king"]]
    assert of_class(by["b2"], "symbol") == [] and of_class(by["f6"], "symbol") == []


def test_hex_draws_each_players_edges_in_their_tint():
    """Hex's look shades its near and far zones by seat: red's rows (1 and 11) one tint, blue's
    files (a and k) another, the inside the board's colour."""
    game = load_game(GAMES / "hex.yaml")
    by = groups_by_cell(ET.fromstring(picture_svg(game, game.initial_state(), look_for(game))))

    def fill(cell):
        return next(e.get("fill") for e in by[cell].iter(f"{SVG}polygon"))
    red, blue, inside = fill("e1"), fill("a5"), fill("e5")
    assert len({red, blue, inside}) == 3
    assert {fill(c) for c in ("b1", "j1", "b11", "j11")} == {red}
    assert {fill(c) for c in ("a2", "a10", "k2", "k10")} == {blue}
    assert {fill(c) for c in ("b2", "f6", "j10")} == {inside}


@pytest.mark.parametrize("name", ["zug.yaml", "carcassonne.yaml"])
def test_the_tile_to_place_is_drawn_beside_the_board_and_previewed_turned_on_a_cell(name):
    """The tile drawn (a chance move) is shown beside the board, unturned; a placement's preview
    draws it on the move's cell, turned as the move turns it, and beside the board the same."""
    import random
    from rulebook.players.base import sample_chance
    from rulebook.api import CHANCE
    game = load_game(GAMES / name)
    st = game.initial_state()
    rng = random.Random(3)
    while game.to_move(st) == CHANCE:
        st = game.apply(st, sample_chance(game, st, rng))
    sc = game.scene(st)
    assert sc["next"]["type"] == game.placed_tile(st, game.legal_moves(st)[0])[1] and sc["next"]["rotation"] == 0
    svg = picture_svg(game, st, look_for(game))
    assert ">to place</text>" in svg and 'class="preview"' not in svg
    for move in game.legal_moves(st):
        cell, kind, turn = game.placed_tile(st, move)
        root, group = _previewed(game, st, move)
        assert group.get("aria-label").endswith(f"turned {turn}°") and group.find(f"{SVG}title") is not None
        turns = [e.get("data-rotation") for e in root.iter() if "tile" in (e.get("class") or "").split()]
        assert turns.count(str(turn)) >= 2             # on the cell, and beside the board
    start = game.initial_state()
    assert game.placed_tile(start, game.chance_outcomes(start)[0][0]) is None     # a draw lays no tile


def _previewed(game, st, move):
    """The picture of st previewing `move` and the group of the cell it lays its tile on, which
    holds one preview ring naming the tile and its turn."""
    cell, kind, turn = game.placed_tile(st, move)
    root = ET.fromstring(picture_svg(game, st, look_for(game), preview=move))
    group = next(g for g in root.iter(f"{SVG}g") if g.get("data-cell") == cell)
    ring = [e for e in group if e.get("class") == "preview"]
    assert len(ring) == 1 and (ring[0].get("data-tile"), ring[0].get("data-rotation")) == (kind, str(turn))
    return root, group


def test_a_path_tile_of_the_hand_is_previewed_turned_on_the_square_the_stone_faces():
    """Tsuro: each move lays a tile of the mover's hand on the square their stone faces; its
    preview draws that tile, turned, on that square."""
    import random
    from rulebook.players.base import sample_chance
    from rulebook.api import CHANCE
    game = load_game(GAMES / "tsuro.yaml")
    st, rng = game.initial_state(), random.Random(2)
    while game.to_move(st) == CHANCE:
        st = game.apply(st, sample_chance(game, st, rng))
    hand = set(game.scene(st)["hands"][game.players[game.to_move(st)]])
    laid = {game.placed_tile(st, m) for m in game.legal_moves(st)}
    assert {kind for _, kind, _ in laid} == hand and len({cell for cell, _, _ in laid}) == 1
    for move in game.legal_moves(st):
        cell, kind, turn = game.placed_tile(st, move)
        root, group = _previewed(game, st, move)
        tile = next(e for e in group if "tile" in (e.get("class") or "").split())
        assert game.move_str(move) == tile.get("data-tile") + "r" + tile.get("data-rotation")
        assert group.get("aria-label") == f"{cell}: the {kind} to place, turned {turn}°"
