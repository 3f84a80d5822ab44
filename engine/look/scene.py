"""One geometry for every picture: a Drawing of shapes in pixels (y down), built from the Game
API and a kind's public drawing data, and read by svg.py and png.py alike.

Grid games give `geo` (cells, drawing coordinates, square or hex) and `position_json` (pieces by
owner and kind); tile games give `scene()` (tiles, their track as joined sides, features,
counters, open cells). Nothing here knows any game."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ..api import CHANCE
from .style import FEATURE_PALETTE, Look, contrast, luminance, over, pale

UNIT = 44            # pixels per cell
MARGIN = 0.9         # cells of margin around the board (room for the coordinates)
# What the board marks, each in an ink for light cells and one for dark cells (a cell whose colour
# has a luminance under DARK_CELL: its group says data-tone="dark", see toned), each at least 3:1
# against every cell of its tone in the shipped games' pictures (tools/contrast.py checks it).
MARK = ("#742c06", "#f8cab1")       # the last move
WON = ("#543f00", "#f6d05e")        # the cells of the line that won
PREVIEW = ("#11417e", "#c0d7f4")    # the ring of a tile previewed on the cell it may go to
DARK_CELL = 0.25
THREAT = "#d62728"   # a piece a legal rule finds attacked (in check)


@dataclass
class Shape:
    kind: str                     # poly | circle | line | text
    pts: list = field(default_factory=list)    # poly, line: [(x, y)]; circle, text: [(x, y)]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    r: float = 0.0                # circle radius
    text: str = ""
    size: float = 10.0            # text size (px)
    dash: bool = False
    cls: str = ""                 # an SVG class: cell, piece, mark, track, label
    data: dict = field(default_factory=dict)   # SVG data-* attributes


@dataclass
class Group:
    cell: str | None              # the cell name this group is (data-cell), or None
    shapes: list[Shape] = field(default_factory=list)
    part: str | None = None       # a control: the text it adds to a move (data-part), e.g. a block's turn
    tone: str = ""                # "dark": a cell of a dark colour (the page's highlights take their light ink)
    label: str = ""               # a control's short name (data-label), for the page's buttons; a cell's own name for screen readers


@dataclass
class Drawing:
    width: float
    height: float
    groups: list[Group]
    title: str = ""
    caption: str = ""
    background: str = "#fbf8f1"


_CELL_RE = re.compile(r"-?\d+,-?\d+|[a-z]\d+")


def move_cells(text: str, names) -> list[str]:
    """The cells a move's notation names, in order (`c1-d2` -> c1, d2; `curve@0,1r90` -> 0,1):
    tokens that are cells of the board, so the page and the pictures read every kind's notation
    without knowing it. A board whose names are not of that form (a digit then a letter, `7g`) is read by its
    names themselves, the longest that fits at each place, left to right (`7g7f` -> 7g, 7f)."""
    found = [t for t in _CELL_RE.findall(text) if t in names]
    if found or not text:
        return found
    longest = max(map(len, names), default=0)
    i, out = 0, []
    while i < len(text):
        n = next((text[i:i + k] for k in range(min(longest, len(text) - i), 0, -1) if text[i:i + k] in names), None)
        if n:
            out.append(n)
        i += len(n) if n else 1
    return out


def end_reason(game, st) -> str:
    """Why the game ended, in words ("" while it runs, or where the kind cannot say): the end
    rule that held and its `or` case (Game.end_cause), named by the file's `look.reasons` (a
    text per rule, or a list of one per case), else that case in the words of `rulebook rules`."""
    cause = game.end_cause(st) if hasattr(game, "end_cause") else None
    if cause is None:
        return ""
    rule, case = cause
    info = getattr(game, "info", None)
    named = (getattr(info.look, "reasons", None) or {}).get(rule) if info is not None else None
    if isinstance(named, (list, tuple)) and case < len(named):
        return str(named[case])
    if isinstance(named, str):
        return named
    if rule == "blocked":
        return "no legal move"
    from .prose import Teller
    cases = Teller(info).cases((info.sections.get("end") or {}).get(rule, "")) if info is not None else []
    return cases[case] if case < len(cases) else ""


def result_words(game, st) -> str:
    """The end in words: who won (or a draw), and why: `north won: no legal move`."""
    out = game.outcome(st)
    head = f"{', '.join(out.winners)} won" if out.winners else "a draw"
    why = end_reason(game, st)
    return f"{head}: {why}" if why else head


def status(game, st) -> str:
    out = game.outcome(st)
    if out.over:
        head = result_words(game, st)
    else:
        who = game.to_move(st)
        head = "chance to move (a draw)" if who == CHANCE else f"{game.players[who]} to move"
    if out.scores and (out.breakdown is not None or out.over):
        head += " · " + ", ".join(f"{p} {out.scores.get(p, 0):g}" for p in game.players)
    return f"ply {game.ply(st)} · {head}"


def build(game, st, look: Look | None = None, last: str | None = None, controls: bool = False,
          preview=None) -> Drawing:
    """The drawing of a position; with `controls`, the parts of moves that are not cells (a
    block's turns) drawn as buttons too (the web page); with `preview`, a move that lays a tile
    (Game.placed_tile), that tile drawn turned on its cell before it is played."""
    look = look or Look()
    if hasattr(game, "geo") and hasattr(game, "position_json"):
        d = _grid(game, st, look, last, controls)
    elif hasattr(game, "scene"):
        d = _tiles(game, st, look, last, preview)
    else:
        from ..errors import RulebookError
        raise RulebookError(f"{game.name}: this board kind offers no picture")
    toned(d)
    d.title, d.caption = game.name, status(game, st)
    wide = caption_width(d.caption)
    if d.width < wide:              # a small board (a tile game's start): room for the caption
        pad = (wide - d.width) / 2
        for g in d.groups:
            for sh in g.shapes:
                sh.pts = [(x + pad, y) for x, y in sh.pts]
        d.width = wide
    return d


def _centre(s: Shape) -> tuple[float, float]:
    return s.pts[0] if s.kind in ("circle", "text") else (sum(x for x, _ in s.pts) / len(s.pts),
                                                          sum(y for _, y in s.pts) / len(s.pts))


def toned(d: Drawing) -> None:
    """Each cell of a dark colour (as seen: a translucent cell on the board of lines' wood, a
    plate, or the background) is marked dark (Group.tone: the page's highlights take their light
    ink there), and each mark drawn on one (the last move's ring, the winning line, a tile
    previewed) takes its light ink."""
    under = next((s.fill for g in d.groups for s in g.shapes if {"wood", "plate"} & set(s.cls.split())),
                 d.background)
    cells = []
    for g in d.groups:
        cell = next((s for s in g.shapes if "cell" in s.cls.split()), None) if g.cell is not None else None
        if cell is not None and cell.pts:
            dark = luminance(over(cell.fill or "#ffffff00", under)) < DARK_CELL
            g.tone = "dark" if dark else ""
            cells.append((_centre(cell), dark))
    light_ink = {MARK[0]: MARK[1], WON[0]: WON[1], PREVIEW[0]: PREVIEW[1]}
    for g in d.groups:
        for s in g.shapes:
            if s.stroke in light_ink and s.kind != "line" and cells:
                (x, y) = _centre(s)
                _, dark = min(cells, key=lambda c: (c[0][0] - x) ** 2 + (c[0][1] - y) ** 2)
                if dark:
                    s.stroke = light_ink[s.stroke]


def caption_width(caption: str) -> float:
    """About how wide the caption is written (13 px DejaVu Sans: 7.5 px a character), with a margin."""
    return 7.5 * len(caption) + 24


# ---------------------------------------------------------------- grid boards (square and hex)
def _grid(game, st, look: Look, last: str | None, controls: bool = False) -> Drawing:
    geo = game.geo
    hexagonal = geo.cell_shape == "hex"
    points = geo.cell_shape == "point"        # a graph board: points joined by its links
    square = geo.cell_shape == "square"
    crossings = square and look.points == "crossings"     # pieces on the lines' crossings
    plates = _plates(game, look) if square else []
    cells = geo.cells()
    xs = [geo.xy[i][0] for i in cells]
    ys = [geo.xy[i][1] for i in cells]
    half = 1 / math.sqrt(3) if hexagonal else 0.5
    margin = MARGIN + (PLATE_ROOM if plates and controls else 0)
    x0, y1 = min(xs) - half - margin, max(ys) + half + margin

    def px(x, y):
        return ((x - x0) * UNIT, (y1 - y) * UNIT)
    width = (max(xs) - min(xs) + 2 * (half + margin)) * UNIT
    height = (max(ys) - min(ys) + 2 * (half + margin)) * UNIT + 24

    # the shading of each cell: the file's zones first, else the board colour (square boards checkered)
    shade: dict[int, str] = {}
    for zone, how in look.zones.items():
        for seat, zc in enumerate(game.zone_cells.get(zone, [])):
            for i in zc:
                shade[i] = pale(look.seat_colour(seat, game.players[seat])) if how == "seat" else how
    checkered = geo.cell_shape == "square" and len(cells) == geo.size

    def base(i):
        if look.board:
            return look.board
        if hexagonal or points:
            return "#e6d3a7"
        f, r = i % geo.files, i // geo.files
        return ("#c9a66b" if (f + r) % 2 == 0 else "#efdcb3") if checkered else "#c9a66b"

    pos = game.position_json(st)
    pieces: dict[str, tuple[str, str]] = {}
    counts: dict[str, int] = {}
    first_kind = game.kinds[0].name if getattr(game, "kinds", None) else ""
    for owner, by in (pos.get("pieces") or {}).items():
        if isinstance(by, list):
            by = {first_kind: by}
        for kind, where in by.items():
            for name in where:
                pieces[name] = (owner, kind)
            if isinstance(where, dict):     # a counted kind: how many stand on each cell
                counts.update(where)
    seats = {p: i for i, p in enumerate(game.players)}
    kinds = [k.name for k in game.kinds]
    letters = {k.name: (k.symbol or "").upper() for k in game.kinds if getattr(k, "symbol", None)}
    marked = move_cells(last, {geo.name(i) for i in cells}) if last else []
    won = set(game.won_cells(st)) if hasattr(game, "won_cells") else set()
    threatened = set(game.threatened_cells(st)) if hasattr(game, "threatened_cells") else set()

    groups = []
    # what a translucent cell lies on: the wood of a board of lines, a plate, or the background
    under = (base(0) if look.board else CROSSINGS_BOARD) if crossings else \
        (look.board or "#c0392b") if plates else Drawing(0, 0, []).background
    star = set(look.marked(geo.files, geo.ranks)) if square else set()
    if crossings:       # the board, its lines and marks first, under the pieces
        groups.append(_lines(game, look, px, base(0) if look.board else CROSSINGS_BOARD, star))
    if plates:
        groups.append(_plate_shapes(game, plates, px, look.board or "#c0392b"))
    if points and not counts:          # the links first, under the points (a counted board: its cells alone)
        lines = Group(None)
        for a, b in geo.links():
            lines.shapes.append(Shape("line", [px(*geo.xy[a]), px(*geo.xy[b])], stroke="#7a6a4f", width=2, cls="link"))
        groups.append(lines)
    for i in cells:
        name = geo.name(i)
        cx, cy = px(*geo.xy[i])
        if points:
            h = UNIT * 0.3
            pts = [(cx + h * math.cos(math.radians(a)), cy + h * math.sin(math.radians(a))) for a in range(0, 360, 30)]
        elif hexagonal:
            h = half * UNIT
            pts = [(cx + h * math.cos(math.radians(a)), cy + h * math.sin(math.radians(a))) for a in range(30, 390, 60)]
        else:
            h = UNIT / 2
            pts = [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]
        if crossings or plates:
            g = Group(name, [_point_cell(cx, cy, i in shade and shade[i], bool(plates))])
        else:
            g = Group(name, [Shape("poly", pts, fill=shade.get(i, base(i)), stroke="#7a6a4f", width=0.8, cls="cell")])
            g.shapes.append(Shape("text", [(cx, cy + UNIT * 0.36)], fill="#00000055", text=name, size=UNIT * 0.2,
                                  cls="label"))
            if name in star:
                g.shapes.extend(_cell_mark(cx, cy))
        if name in won:         # a cell of the winning line: ringed (class `won`)
            cell = g.shapes[0]
            cell.cls, cell.stroke, cell.width = cell.cls + " won", WON[0], 4.5
        if name in threatened:  # a piece in check: a red glow under it (class `threatened`)
            g.shapes.insert(1, Shape("circle", [(cx, cy)], r=UNIT * 0.45, fill=THREAT + "99", stroke=THREAT, width=2,
                                     cls="threatened"))
        if name in counts:
            g.shapes += _count_marks(pieces[name][0], counts[name], (cx, cy), seats, look)
        elif name in pieces:
            owner, kind = pieces[name]
            seat = seats.get(owner)
            fill = look.seat_colour(seat, owner) if seat is not None else "#8a8a8a"
            sym = look.symbols[kind] if kind in look.symbols else letters.get(kind) or \
                (kind[0].upper() if len(kinds) > 1 and seat is not None else "")
            data = {"owner": owner, "kind": kind}
            shape = look.shapes.get(owner, "disc")
            if seat is None:   # a piece of nobody (a blocker): a small square stone
                s = UNIT * 0.26
                g.shapes.append(Shape("poly", [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)],
                                      fill=fill, stroke="#333333", width=1.2, cls="piece", data=data))
            elif shape != "disc":
                g.shapes.extend(_drawn_mark(shape, cx, cy, fill, data))
            elif kind in look.glyphs:      # the kind's figure itself, in the seat's colour, outlined
                light = _ink(fill) == "#000000"
                g.shapes.append(Shape("text", [(cx, cy + UNIT * 0.29)], fill=fill, stroke="#111111" if light else "#e8e8e8",
                                      width=1.3, text=look.glyphs[kind], size=UNIT * 0.82, cls="piece glyph", data=data))
                sym = ""
            else:
                r = UNIT * (0.46 if crossings and not sym else 0.42 if crossings else 0.36)
                rim = _edge(fill, over(g.shapes[0].fill or "#ffffff00", under))
                g.shapes.append(Shape("circle", [(cx, cy)], r=r, fill=fill, stroke=rim, width=1.6, cls="piece",
                                      data=data))
                if crossings and sym:       # a lettered piece on a point: a ring inside the rim
                    g.shapes.append(Shape("circle", [(cx, cy)], r=r * 0.8, stroke=rim, width=1, cls="piece-rim"))
            if sym:
                g.shapes.append(Shape("text", [(cx, cy + UNIT * 0.12)], fill=_ink(fill), text=sym, size=UNIT * 0.36,
                                      cls="symbol"))
        groups.append(g)
    if marked:
        groups.append(_marks([px(*geo.xy[geo.parse_cell(n)]) for n in marked]))
    if plates and controls:
        groups.extend(_turn_controls(game, look, plates, px))
    if geo.cell_shape == "square":   # the coordinates, files below and ranks left
        labels = Group(None)
        for f in range(geo.files):
            x, _ = px(f, 0)
            labels.shapes.append(Shape("text", [(x, height - 24 - UNIT * 0.25)], fill="#555555",
                                       text=geo.file_label(f), size=UNIT * 0.28, cls="coord"))
        for r in range(geo.ranks):
            _, y = px(0, r)
            labels.shapes.append(Shape("text", [(UNIT * 0.4, y + UNIT * 0.1)], fill="#555555", text=geo.rank_label(r),
                                       size=UNIT * 0.28, cls="coord"))
        groups.append(labels)
    if getattr(game, "hands", False):
        width = _hands(game, st, look, groups, width)
    return Drawing(width, height, groups)


def _hands(game, st, look: Look, groups: list, width: float) -> float:
    """Each seat's hand beside the board, right of it (the first seat at the bottom, as it
    sits): a disc of the seat's colour per kind held, lettered, with how many; the new width."""
    held = game.position_json(st).get("reserve") or {}
    symbols = {k.name: look.symbols.get(k.name) or (k.symbol or k.name[0]).upper() for k in game.kinds}
    n = len(game.players)
    for seat, player in enumerate(game.players):
        g = Group(None)
        x = width + UNIT * 0.2
        y = UNIT * (1.0 + (n - 1 - seat) * 4.5)
        fill = look.seat_colour(seat, player)
        g.shapes.append(Shape("text", [(x + UNIT * 0.9, y - UNIT * 0.35)], fill="#555555", text=f"{player}: in hand",
                              size=UNIT * 0.26, cls="coord"))
        for j, (kind, count) in enumerate((held.get(player) or {}).items()):
            cx, cy = x + UNIT * (0.5 + (j % 2) * 1.3), y + UNIT * (0.5 + (j // 2) * 0.9)
            g.shapes.append(Shape("circle", [(cx, cy)], r=UNIT * 0.36, fill=fill, stroke=_ink(fill, 0.5), width=1.6,
                                  cls="piece", data={"owner": player, "kind": kind, "hand": str(count)}))
            g.shapes.append(Shape("text", [(cx, cy + UNIT * 0.12)], fill=_ink(fill), text=symbols[kind],
                                  size=UNIT * 0.36, cls="symbol"))
            g.shapes.append(Shape("text", [(cx + UNIT * 0.55, cy + UNIT * 0.12)], fill="#333333", text=f"{count}",
                                  size=UNIT * 0.3, cls="coord"))
        groups.append(g)
    return width + UNIT * 2.8


CROSSINGS_BOARD = "#dcb35c"      # a board of lines: wood
LINE = "#3a2f1f"
PLATE_ROOM = 0.6                 # cells of margin more around plates, for their turn buttons


def _point_cell(cx: float, cy: float, tint, hole: bool) -> Shape:
    """A crossing or a plate's hole: a round cell (its highlight ring) where a click lands; on a
    board of lines, invisible but for a shaded zone's tint."""
    h = UNIT * (0.38 if hole else 0.45)
    pts = [(cx + h * math.cos(math.radians(a)), cy + h * math.sin(math.radians(a))) for a in range(0, 360, 20)]
    if hole:
        return Shape("poly", pts, fill="#00000038", stroke="#00000060", width=1, cls="cell point")
    return Shape("poly", pts, fill=(tint + "80") if tint else "#ffffff00", cls="cell point")


def _lines(game, look: Look, px, wood: str, star: set) -> Group:
    """A board of lines: the wood, a line along every file and rank (the files broken across
    `gap`, but at the edges), the `lines` the file names, and a dot on each marked crossing."""
    geo = game.geo
    g = Group(None)
    f1, r1 = geo.files - 1, geo.ranks - 1
    (ax, ay), (bx, by) = px(-0.5, -0.5), px(f1 + 0.5, r1 + 0.5)
    g.shapes.append(Shape("poly", [(ax, ay), (bx, ay), (bx, by), (ax, by)], fill=wood, stroke="#8a6a3a", width=1,
                          cls="wood"))
    gap = look.gap["after_rank"] - geo.first if look.gap else None
    for f in range(geo.files):
        spans = [(0, r1)] if gap is None or f in (0, f1) else [(0, gap), (gap + 1, r1)]
        for lo, hi in spans:
            g.shapes.append(Shape("line", [px(f, lo), px(f, hi)], stroke=LINE, width=2 if f in (0, f1) else 1.1,
                                  cls="grid"))
    for r in range(geo.ranks):
        g.shapes.append(Shape("line", [px(0, r), px(f1, r)], stroke=LINE, width=2 if r in (0, r1) else 1.1,
                              cls="grid"))
    for a, b in look.lines:
        ia, ib = geo.parse_cell(a), geo.parse_cell(b)
        if ia is not None and ib is not None:
            g.shapes.append(Shape("line", [px(*geo.xy[ia]), px(*geo.xy[ib])], stroke=LINE, width=1.1, cls="grid"))
    if gap is not None and look.gap.get("text"):
        x, y = px(f1 / 2, gap + 0.5)
        g.shapes.append(Shape("text", [(x, y + UNIT * 0.12)], fill="#5a4326", text=look.gap["text"], size=UNIT * 0.34,
                              cls="gap"))
    for name in sorted(star):
        i = geo.parse_cell(name)
        if i is not None:
            g.shapes.append(Shape("circle", [px(*geo.xy[i])], r=UNIT * 0.09, fill=LINE, cls="star"))
    return g


def _cell_mark(cx: float, cy: float) -> list[Shape]:
    """A marked square: its diagonals, corner to corner, inset."""
    h = UNIT * 0.42
    return [Shape("line", [(cx - h, cy - h), (cx + h, cy + h)], stroke="#7a6a4f", width=1.2, cls="cellmark"),
            Shape("line", [(cx - h, cy + h), (cx + h, cy - h)], stroke="#7a6a4f", width=1.2, cls="cellmark")]


def _drawn_mark(shape: str, cx: float, cy: float, colour: str, data: dict) -> list[Shape]:
    """A piece drawn as a mark in its seat's colour: a cross or a ring (a pale colour drawn dark),
    edged with a dark line under it (class piece-edge) so it stands out on any cell."""
    ink = colour if _ink(colour) == "#ffffff" else "#333333"
    edge = "#111111" if ink != "#333333" else "#fbf8f1"
    h, w = UNIT * 0.3, UNIT * 0.11
    if shape == "cross":
        a, b = [(cx - h, cy - h), (cx + h, cy + h)], [(cx - h, cy + h), (cx + h, cy - h)]
        return [Shape("line", a, stroke=edge, width=w + 3, cls="piece-edge"),
                Shape("line", b, stroke=edge, width=w + 3, cls="piece-edge"),
                Shape("line", a, stroke=ink, width=w, cls="piece", data=data),
                Shape("line", b, stroke=ink, width=w, cls="piece-part")]
    return [Shape("circle", [(cx, cy)], r=h, stroke=edge, width=UNIT * 0.1 + 3, cls="piece-edge"),
            Shape("circle", [(cx, cy)], r=h, stroke=ink, width=UNIT * 0.1, cls="piece", data=data)]


def _plates(game, look: Look) -> list[list[int]]:
    """The cells of each plate (`look.plates`, a set of the board's blocks), or none."""
    if not look.plates or not hasattr(game, "block_list"):
        return []
    return [b for b in game.block_list(look.plates) if isinstance(b, list)]


def _plate_box(geo, cells, inset: float, px):
    xs, ys = [geo.xy[i][0] for i in cells], [geo.xy[i][1] for i in cells]
    (ax, ay), (bx, by) = px(min(xs) - 0.5 + inset, max(ys) + 0.5 - inset), px(max(xs) + 0.5 - inset, min(ys) - 0.5 + inset)
    return ax, ay, bx, by


def _rounded(ax, ay, bx, by, r) -> list[tuple[float, float]]:
    pts = []
    for (cx, cy), a0 in (((bx - r, ay + r), -90), ((bx - r, by - r), 0), ((ax + r, by - r), 90), ((ax + r, ay + r), 180)):
        pts.extend((cx + r * math.cos(math.radians(a0 + k * 15)), cy + r * math.sin(math.radians(a0 + k * 15)))
                   for k in range(7))
    return pts


def _plate_shapes(game, plates, px, colour: str) -> Group:
    """Each block a plate of its own, a little apart from the next."""
    g = Group(None)
    for cells in plates:
        ax, ay, bx, by = _plate_box(game.geo, cells, 0.04, px)
        g.shapes.append(Shape("poly", _rounded(ax, ay, bx, by, UNIT * 0.18), fill=colour, stroke=_ink(colour, 0.5),
                              width=1.5, cls="plate"))
    return g


def _turn_controls(game, look: Look, plates, px) -> list[Group]:
    """Buttons by each plate's outer corner, one per sense it turns (↻ clockwise, ↺ counter-
    clockwise), each carrying the text its turn adds to a move."""
    geo = game.geo
    mid_x = (max(geo.xy[i][0] for i in geo.cells()) + min(geo.xy[i][0] for i in geo.cells())) / 2
    mid_y = (max(geo.xy[i][1] for i in geo.cells()) + min(geo.xy[i][1] for i in geo.cells())) / 2
    out = []
    for j, sense, text in game.turn_parts(look.plates):
        if j >= len(plates):
            continue
        cells = plates[j]
        xs, ys = [geo.xy[i][0] for i in cells], [geo.xy[i][1] for i in cells]
        sx = 1 if sum(xs) / len(xs) >= mid_x else -1
        sy = 1 if sum(ys) / len(ys) >= mid_y else -1
        cx, cy = (max(xs) if sx > 0 else min(xs)) + 0.5 * sx, (max(ys) if sy > 0 else min(ys)) + 0.5 * sy
        # one sense beside the plate's side, the other beside its top or bottom, by the corner
        at = (cx + 0.32 * sx, cy - 0.55 * sy) if (sense == "cw") == (sx * sy > 0) else (cx - 0.55 * sx, cy + 0.32 * sy)
        x, y = px(*at)
        out.append(Group(None, [Shape("circle", [(x, y)], r=UNIT * 0.24, fill="#ffffff", stroke="#555555", width=1.2,
                                      cls="control"),
                                Shape("text", [(x, y + UNIT * 0.11)], fill="#222222", text="↻" if sense == "cw" else "↺",
                                      size=UNIT * 0.34, cls="symbol")], part=text,
                         label=f"{j + 1} {'↻' if sense == 'cw' else '↺'}"))
    return out


def _count_marks(owner: str, count: int, at, seats: dict, look: Look) -> list[Shape]:
    """The pieces standing on one cell of a counted kind: a disc of the owner's colour (grey
    for nobody's) holding their number."""
    cx, cy = at
    seat = seats.get(owner)
    fill = look.seat_colour(seat, owner) if seat is not None else "#b89a6a"
    return [Shape("circle", [(cx, cy)], r=UNIT * 0.26, fill=fill, stroke=_ink(fill, 0.5), width=1.2, cls="piece",
                  data={"owner": owner, "count": count}),
            Shape("text", [(cx, cy + UNIT * 0.1)], fill=_ink(fill), text=str(count), size=UNIT * 0.3, cls="symbol")]


def _marks(points) -> Group:
    """The last move: a ring on every cell it names, joined by a line from the first."""
    g = Group(None)
    if len(points) > 1:
        g.shapes.append(Shape("line", list(points), stroke=MARK[0], width=3, cls="mark"))
    for k, (x, y) in enumerate(points):
        g.shapes.append(Shape("circle", [(x, y)], r=UNIT * 0.44, stroke=MARK[0], width=3.5 if k else 2,
                              dash=k == 0 and len(points) > 1, cls="mark"))
    return g


def _edge(fill: str, ground: str) -> str:
    """A disc's outline: its usual dark edge, or a light one where neither its fill nor that edge
    stands out 3:1 on the cell under it (a black stone in a dark hole)."""
    usual = _ink(fill, 0.5)
    try:
        if max(contrast(fill[:7], ground), contrast(usual, ground)) >= 3:
            return usual
    except ValueError:
        return usual
    return "#e8e8e8"


def _ink(fill: str, amount: float = 1.0) -> str:
    """Black or white text on a fill, whichever stands out more (one of them is always 4.58:1 or
    more, WCAG's least for text being 4.5:1); with an amount below 1, an outline's ink."""
    try:
        light = contrast(fill[:7], "#000000") >= contrast(fill[:7], "#ffffff")
    except ValueError:
        return "#000000"
    return ("#000000" if light else "#ffffff") if amount == 1.0 else ("#333333" if light else "#000000")


# ---------------------------------------------------------------- open tile boards
_SIDES = [(0, 0.5), (0.5, 0), (0, -0.5), (-0.5, 0)]     # N E S W midpoints, y up
_CORNERS = {frozenset((0, 1)): (0.5, 0.5), frozenset((1, 2)): (0.5, -0.5), frozenset((2, 3)): (-0.5, -0.5),
            frozenset((0, 3)): (-0.5, 0.5)}


def _track(a: int, b: int) -> list[tuple[float, float]]:
    """Points of the track joining sides a and b of a unit tile centred at 0,0: a straight line
    across, or a quarter circle about the corner the two sides share."""
    if (a - b) % 2 == 0:
        return [_SIDES[a], _SIDES[b]]
    cx, cy = _CORNERS[frozenset((a, b))]
    pa, pb = _SIDES[a], _SIDES[b]
    ta = math.atan2(pa[1] - cy, pa[0] - cx)
    tb = math.atan2(pb[1] - cy, pb[0] - cx)
    if abs(tb - ta) > math.pi:
        tb += 2 * math.pi if tb < ta else -2 * math.pi
    return [(cx + 0.5 * math.cos(ta + (tb - ta) * k / 12), cy + 0.5 * math.sin(ta + (tb - ta) * k / 12))
            for k in range(13)]


def _tiles(game, st, look: Look, last: str | None, preview=None) -> Drawing:
    sc = game.scene(st) if preview is None else game.scene(st, preview)
    if sc["kind"] == "paths":
        return _paths(game, sc, look)
    if sc["kind"] == "track":
        return _track_board(game, sc, look, last)
    every = sc["tiles"] + sc["open"]
    xs = [t["x"] for t in every]
    ys = [t["y"] for t in every]
    x0, y1 = min(xs) - 0.5 - MARGIN / 2, max(ys) + 0.5 + MARGIN / 2
    width = (max(xs) - min(xs) + 1 + MARGIN) * UNIT
    height = (max(ys) - min(ys) + 1 + MARGIN) * UNIT + 24

    def px(x, y):
        return ((x - x0) * UNIT, (y1 - y) * UNIT)
    feats = sc["features"]
    fcol = {f: look.features.get(f, FEATURE_PALETTE[i % len(FEATURE_PALETTE)]) for i, f in enumerate(feats)}
    groups = []
    shown = sc.get("preview")           # the tile to place, turned on the cell it may go to
    for t in sc["open"]:
        cx, cy = px(t["x"], t["y"])
        if shown and shown["cell"] == t["cell"]:
            continue                    # drawn after the tiles, over their edges
        h = UNIT / 2 - 2
        groups.append(Group(t["cell"], [Shape("poly", [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h),
                                                        (cx - h, cy + h)], fill="#ffffff00", stroke="#b0a58c",
                                              dash=True, cls="cell open"),
                                        Shape("text", [(cx, cy + 4)], fill="#00000040", text=t["cell"],
                                              size=UNIT * 0.2, cls="label")]))
    for t in sc["tiles"]:
        groups.append(Group(t["cell"], _tile_shapes(game, t, *px(t["x"], t["y"]), look, fcol)))
    if shown:
        groups.append(_preview(game, shown, *px(shown["x"], shown["y"]), look, fcol))
    if last:
        where = {t["cell"]: (t["x"], t["y"]) for t in every}
        marked = move_cells(last, where)
        if marked:
            groups.append(_marks([px(*where[n]) for n in marked]))
    if sc.get("next"):                  # the tile drawn, to place: beside the board (turned as previewed)
        cx, cy = width + UNIT * 0.7, UNIT * (0.5 + MARGIN / 2) + 18
        groups.append(Group(None, [Shape("text", [(cx, cy - UNIT / 2 - 8)], fill="#555555", text="to place",
                                         size=UNIT * 0.22, cls="label next")]
                            + _tile_shapes(game, shown or sc["next"], cx, cy, look, fcol)))
        width += UNIT * 1.4
        height = max(height, UNIT * (1 + MARGIN) + 42)
    if sc["features"] and sc.get("legend", not sc.get("parts")):     # what the features' discs mean
        bottom, right = _legend(sc, look, fcol, groups, height - 24)
        width, height = max(width, right), bottom + 24
    if sc.get("parts"):                 # the score by part, under the tiles
        width = max(width, 150 + 70 * (len(sc["parts"]) + 2))
        height = _score_table(game, sc, look, groups, width, height - 24) + 24
    return Drawing(width, height, groups)


def _preview(game, t: dict, cx: float, cy: float, look: Look, fcol: dict) -> Group:
    """The tile to place drawn on an open cell, ringed, its group named by its turn (the page's
    preview of a placement; a click on it is a click on the cell)."""
    return Group(t["cell"], _tile_shapes(game, t, cx, cy, look, fcol) + [_preview_ring(t, cx, cy)],
                 label=_preview_label(t))


def _preview_ring(t: dict, cx: float, cy: float) -> Shape:
    h = UNIT / 2 + 1
    return Shape("poly", [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)],
                 stroke=PREVIEW[0], width=3, cls="preview", data={"tile": t["type"], "rotation": str(t["rotation"])})


def _preview_label(t: dict) -> str:
    return f"{t['cell']}: the {t['type']} to place, turned {t['rotation']}°"


def _tile_shapes(game, t: dict, cx: float, cy: float, look: Look, fcol: dict) -> list[Shape]:
    """A tile of a scene (placed, or the one to place) drawn centred at (cx, cy)."""
    h = UNIT / 2
    shapes = [Shape("poly", [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)],
                    fill=look.board or "#d9c9a3", stroke="#6f6148", width=1, cls="cell tile",
                    data={"tile": t["type"], "rotation": str(t["rotation"])})]

    def at(p):
        return (cx + p[0] * UNIT, cy - p[1] * UNIT)
    if t.get("areas"):
        shapes += _areas(game, t["areas"], fcol, look, at)
    for a, b in t["links"]:
        shapes.append(Shape("line", [at(p) for p in _track(a, b)], stroke="#3b3b3b", width=UNIT * 0.12,
                            cls="track"))
    for s in t["ends"]:
        shapes.append(Shape("line", [at(_SIDES[s]), at((0, 0))], stroke="#3b3b3b", width=UNIT * 0.12,
                              cls="track"))
    if t["feature"]:
        f = t["feature"]
        shapes.append(Shape("circle", [(cx, cy)], r=UNIT * 0.2, fill=fcol[f], stroke="#222222", width=1,
                              cls="feature", data={"feature": f}))
        shapes.append(Shape("text", [(cx, cy + UNIT * 0.08)], fill=_ink(fcol[f]),
                              text=look.symbols.get(f, f[0].upper()), size=UNIT * 0.22, cls="symbol"))
    if t["holder"] is not None:
        seat = t["holder"]
        fill = look.seat_colour(seat, game.players[seat])
        shapes.append(Shape("circle", [(cx + UNIT * 0.3, cy - UNIT * 0.3)], r=UNIT * 0.13, fill=fill,
                              stroke="#111111", width=1, cls="piece counter",
                              data={"owner": game.players[seat]}))
    elif t["void"]:
        s = UNIT * 0.12
        x, y = cx + UNIT * 0.3, cy - UNIT * 0.3
        shapes.append(Shape("line", [(x - s, y - s), (x + s, y + s)], stroke="#aa0000", width=2, cls="void"))
        shapes.append(Shape("line", [(x - s, y + s), (x + s, y - s)], stroke="#aa0000", width=2, cls="void"))
    return shapes


def _legend(sc, look: Look, fcol: dict, groups: list, top: float) -> tuple[float, float]:
    """What the marks on the tiles mean, in a row under them: each feature's disc and name, and
    the cross of a tile whose feature can take no counter; (its bottom, its right end)."""
    items = [(f, fcol[f], look.symbols.get(f, f[0].upper())) for f in sc["features"]]
    shapes, x, y = [], 16.0, top + 16
    for name, colour, symbol in items:
        shapes.append(Shape("circle", [(x, y)], r=8, fill=colour, stroke="#222222", width=1, cls="legend"))
        shapes.append(Shape("text", [(x, y + 3.5)], fill=_ink(colour), text=symbol, size=9, cls="legend"))
        shapes.append(Shape("text", [(x + 12 + 3.6 * len(name), y + 4)], fill="#333333", text=name, size=11,
                            cls="legend"))
        x += 30 + 7.2 * len(name)
    if any(t["void"] for t in sc["tiles"]):
        shapes.append(Shape("line", [(x - 5, y - 5), (x + 5, y + 5)], stroke="#aa0000", width=2, cls="legend"))
        shapes.append(Shape("line", [(x - 5, y + 5), (x + 5, y - 5)], stroke="#aa0000", width=2, cls="legend"))
        words = "no counter can go there"
        shapes.append(Shape("text", [(x + 12 + 3.3 * len(words), y + 4)], fill="#333333", text=words, size=11,
                            cls="legend"))
        x += 24 + 6.6 * len(words)
    groups.append(Group(None, shapes))
    return top + 32, x


# ---------------------------------------------------------------- path tiles on a bounded board
def _point_xy(point: int, per_side: int) -> tuple[float, float]:
    """Where a point of a side lies on a unit tile centred at 0,0 (y up): points run clockwise
    from the west end of the north side."""
    side, i = divmod(point, per_side)
    d = (i + 1) / (per_side + 1) - 0.5
    return [(d, 0.5), (0.5, -d), (-d, -0.5), (-0.5, d)][side]


_INWARD = [(0, -1), (-1, 0), (0, 1), (1, 0)]      # from each side (N E S W) towards the middle


def _path(a: int, b: int, per_side: int) -> list[tuple[float, float]]:
    """Points of the path joining points a and b of a tile: a curve leaving each side square to it."""
    pa, pb = _point_xy(a, per_side), _point_xy(b, per_side)
    na, nb = _INWARD[a // per_side], _INWARD[b // per_side]
    pull = 0.18 if a // per_side == b // per_side else 0.35
    ca = (pa[0] + na[0] * pull, pa[1] + na[1] * pull)
    cb = (pb[0] + nb[0] * pull, pb[1] + nb[1] * pull)
    out = []
    for k in range(17):
        t = k / 16
        u = 1 - t
        out.append((u ** 3 * pa[0] + 3 * u * u * t * ca[0] + 3 * u * t * t * cb[0] + t ** 3 * pb[0],
                    u ** 3 * pa[1] + 3 * u * u * t * ca[1] + 3 * u * t * t * cb[1] + t ** 3 * pb[1]))
    return out


def _track_board(game, sc: dict, look: Look, last: str | None) -> Drawing:
    """A track of points in two rows as the first seat sees it (the later half above, running
    right; the first half below, running left), a bar between the halves of each row and the
    pieces off at the right: each point's pieces one disc with their number; the last play's
    points (or the last roll's dice) ringed."""
    pts = sc["points"]
    P = len(pts)
    half = (P + 1) // 2
    side = (half + 1) // 2              # points left of the bar in each row
    width = (half + 1 + 2 * MARGIN + 1.6) * UNIT
    height = (7 + 2 * MARGIN) * UNIT + 24

    def xy(q):                           # the centre of point q's base and the way its spike points
        top = q > half
        i = q - half - 1 if top else half - q
        x = (MARGIN + i + 0.5 + (1 if i >= side else 0)) * UNIT
        return x, (MARGIN * UNIT if top else (7 + MARGIN) * UNIT), 1 if top else -1
    groups = [Group(None, [Shape("poly", [(MARGIN * UNIT, MARGIN * UNIT), ((MARGIN + half + 1) * UNIT, MARGIN * UNIT),
                                          ((MARGIN + half + 1) * UNIT, (7 + MARGIN) * UNIT),
                                          (MARGIN * UNIT, (7 + MARGIN) * UNIT)],
                                   fill=look.board or "#e6d3a7", stroke="#7a6a4f", width=1.5, cls="board")])]
    seats = {p: i for i, p in enumerate(game.players)}
    for q, point in enumerate(pts, 1):
        x, y, down = xy(q)
        spike = [(x - UNIT * 0.45, y), (x + UNIT * 0.45, y), (x, y + down * UNIT * 2.8)]
        g = Group(point["cell"], [Shape("poly", spike, fill="#9c6b3f" if q % 2 else "#e9e2cf", stroke="#7a6a4f",
                                        width=0.8, cls="cell"),
                                  Shape("text", [(x, y - down * UNIT * 0.3 + 4)], fill="#555555", text=point["cell"],
                                        size=UNIT * 0.26, cls="label")])
        if point["count"]:
            g.shapes += _count_marks(point["owner"], point["count"], (x, y + down * UNIT * 0.5), seats, look)
            g.shapes[-2].data["kind"] = sc["kind_name"]
        groups.append(g)
    bx = (MARGIN + side + 0.5) * UNIT
    rail = Group(None, [Shape("text", [(bx, (MARGIN + 3.5) * UNIT + 4)], fill="#555555", text="bar", size=12,
                              cls="label")])
    for s, p in enumerate(game.players):
        fill = look.seat_colour(s, p)
        y = (MARGIN + (4.6 if s == 0 else 2.4)) * UNIT
        if sc["bar"][s]:
            rail.shapes += [Shape("circle", [(bx, y)], r=UNIT * 0.3, fill=fill, stroke=_ink(fill, 0.5), width=1.2,
                                  cls="bar", data={"owner": p}),
                            Shape("text", [(bx, y + 4)], fill=_ink(fill), text=str(sc["bar"][s]), size=12, cls="symbol")]
        ox = (MARGIN + half + 1.8) * UNIT
        rail.shapes.append(Shape("text", [(ox, (MARGIN + (6.5 if s == 0 else 0.5)) * UNIT)], fill="#333333",
                                 text=f"{p} off: {sc['off'][s]}", size=11, cls="label off"))
    dice = (bx + UNIT * (side / 2 + 0.5), (MARGIN + 3.5) * UNIT)
    if sc["roll"]:
        rail.shapes.append(Shape("text", [(dice[0], dice[1] + 5)], fill="#222222", text=sc["roll"], size=16,
                                 cls="label roll"))
    groups.append(rail)
    if last and sc.get("played_by") is not None:
        seat = sc["played_by"]
        marks = []
        for token in re.findall(r"\d+", last):
            q = int(token) if seat == 0 else P + 1 - int(token)
            if 1 <= q <= P:
                x, y, down = xy(q)
                marks.append((x, y + down * UNIT * 0.5))
        if marks:
            groups.append(_marks(marks))
    elif last and sc["roll"]:
        groups.append(_marks([dice]))
    return Drawing(width, height, groups)


def _paths(game, sc: dict, look: Look) -> Drawing:
    """A bounded board of squares: each tile with its paths, each stone by its seat's colour on
    its point (a stone out of the game hollow, where it left), the hands under the board."""
    per = sc["per_side"]
    files = max(q["x"] for q in sc["squares"]) + 1
    ranks = max(q["y"] for q in sc["squares"]) + 1
    width = (files + 2 * MARGIN) * UNIT
    hands = [f"{p}: {' '.join(h) or '-'}" for p, h in sc["hands"].items()] + [f"pile: {sc['pile']}"]
    height = (ranks + 2 * MARGIN) * UNIT + 24 + 16 * len(hands)

    def px(x, y):
        return ((x + MARGIN + 0.5) * UNIT, (ranks - 1 - y + MARGIN + 0.5) * UNIT)
    groups = []
    h = UNIT / 2
    shown = sc.get("preview")           # the tile to lay, turned on the square it goes to
    for q in sc["squares"]:
        q = shown if shown and shown["cell"] == q["cell"] else q
        cx, cy = px(q["x"], q["y"])
        box = [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]
        if "type" not in q:
            groups.append(Group(q["cell"], [Shape("poly", box, fill="#efe7d4", stroke="#b0a58c", cls="cell open"),
                                            Shape("text", [(cx, cy + 4)], fill="#00000040", text=q["cell"],
                                                  size=UNIT * 0.2, cls="label")]))
            continue
        g = Group(q["cell"], [Shape("poly", box, fill=look.board or "#d9c9a3", stroke="#6f6148", cls="cell tile",
                                    data={"tile": q["type"], "rotation": str(q["rotation"])})])
        for a, b in q["paths"]:
            g.shapes.append(Shape("line", [(cx + x * UNIT, cy - y * UNIT) for x, y in _path(a, b, per)],
                                  stroke="#3b3b3b", width=UNIT * 0.06, cls="track"))
        if q is shown:                  # drawn after the squares, over their edges
            g.shapes.append(_preview_ring(q, cx, cy))
            g.label = _preview_label(q)
            previewed = g
            continue
        groups.append(g)
    if shown:
        groups.append(previewed)
    for f in range(files):
        x, _ = px(f, 0)
        groups.append(Group(None, [Shape("text", [(x, (ranks + 2 * MARGIN) * UNIT - UNIT * 0.35)],
                                         fill="#6f6148", text=chr(97 + f), size=UNIT * 0.25, cls="label")]))
    for r in range(ranks):
        _, y = px(0, r)
        groups.append(Group(None, [Shape("text", [(UNIT * 0.45, y + 4)], fill="#6f6148", text=str(r + 1),
                                         size=UNIT * 0.25, cls="label")]))
    for s in sc["stones"]:
        cx, cy = px(s["x"], s["y"])
        x, y = _point_xy(s["point"], per)
        fill = look.seat_colour(s["seat"], s["owner"])
        groups.append(Group(None, [Shape("circle", [(cx + x * UNIT, cy - y * UNIT)], r=UNIT * 0.11,
                                         fill="#ffffff00" if s["out"] else fill, stroke=fill if s["out"] else "#111111",
                                         width=2 if s["out"] else 1, dash=s["out"],
                                         cls="piece out" if s["out"] else "piece",
                                         data={"owner": s["owner"], "spot": f"{s['cell']}:{s['point']}"})]))
    top = (ranks + 2 * MARGIN) * UNIT + 8
    groups.append(Group(None, [Shape("text", [(width / 2, top + 16 * i)], fill="#333333", text=line,
                                     size=12, cls="label hand") for i, line in enumerate(hands)]))
    return Drawing(width, height, groups)
def _score_table(game, sc, look: Look, groups: list, width: float, top: float) -> float:
    """Each seat's points by part, its total and its counters left (the scene's `points`,
    `supply`), as rows of a table; the height below it."""
    heads = ["", *sc["parts"], "total", "left"]
    x0 = (width - 70 * (len(heads) - 1) - 90) / 2
    g = Group(None)
    rows = [heads] + [[p, *map(str, pts), str(sum(pts)), str(sc["supply"][i])]
                      for i, (p, pts) in enumerate(zip(game.players, sc["points"]))]
    for r, row in enumerate(rows):
        y = top + 18 * (r + 1)
        for j, cell in enumerate(row):
            x = x0 + 45 if j == 0 else x0 + 90 + 70 * (j - 1) + 35
            g.shapes.append(Shape("text", [(x, y)], fill="#222222", text=cell, size=12,
                                  cls="score" if r else "score head"))
        if r:
            g.shapes.append(Shape("circle", [(x0 + 8, y - 4)], r=5, fill=look.seat_colour(r - 1, game.players[r - 1]),
                                  stroke="#111111", width=1, cls="score seat"))
    groups.append(g)
    return top + 18 * len(rows) + 10


def _areas(game, areas, fcol, look: Look, at) -> list[Shape]:
    """A tile's segments (scene's `areas`: outlines, paths and spots in tile units), each in its
    feature's colour, with its marks and the counter on it."""
    out = []
    for a in areas:
        col = fcol.get(a["feature"], "#888888")
        data = {"feature": a["feature"], "segment": a["name"]}
        if a["shape"] == "area":
            out.append(Shape("poly", [at(p) for p in a["pts"]], fill=col, stroke=col, width=0.5,
                             cls="segment", data=data))
        elif a["shape"] == "path":
            out.append(Shape("line", [at(p) for p in a["pts"]], stroke="#3b3b3b", width=UNIT * 0.16, cls="segment"))
            out.append(Shape("line", [at(p) for p in a["pts"]], stroke=col, width=UNIT * 0.1, cls="segment", data=data))
        else:
            h = UNIT * 0.16
            x, y = at(a["pts"][0])
            out.append(Shape("poly", [(x - h, y + h), (x - h, y - h * 0.4), (x, y - h * 1.2), (x + h, y - h * 0.4),
                                      (x + h, y + h)], fill=col, stroke="#222222", width=1, cls="segment", data=data))
    for a in areas:
        x, y = at(a["anchor"])
        for i, m in enumerate(a["marks"]):
            s = UNIT * 0.09
            mx = x + UNIT * (0.14 + 0.12 * i)
            out.append(Shape("poly", [(mx - s, y - s), (mx + s, y - s), (mx + s, y), (mx, y + s * 1.4), (mx - s, y)],
                             fill="#2a5db0", stroke="#ffffff", width=1, cls="mark-sign", data={"mark": m}))
        if a["holder"] is not None:
            seat = a["holder"]
            out.append(Shape("circle", [(x, y)], r=UNIT * 0.11, fill=look.seat_colour(seat, game.players[seat]),
                             stroke="#111111", width=1.2, cls="piece counter",
                             data={"owner": game.players[seat], "segment": a["name"]}))
    return out
