"""Draw a grid position in the terminal: the board, whose turn it is, the result or scores."""
from __future__ import annotations

from .layout import COUNTS, RESERVES

_MARKS = "XO@%&*"
_COLOURS = ["bold white", "bold red", "bold green", "bold yellow", "bold blue", "bold magenta"]


def _marks(game) -> list[str]:
    initials = [p[0].upper() for p in game.players]
    return initials if len(set(initials)) == len(initials) else list(_MARKS[:len(game.players)])


def render_grid(game, st, color: bool = False) -> str:
    """One character per cell, ranks in board order (a hex board's ranks shifted), files below.
    A piece is its owner's mark; with several kinds, its kind's symbol or else initial (upper
    case for the first seat); `#` for a piece owned by nobody."""
    geo = game.geo
    cells = game.cells_of(st)
    marks = _marks(game)
    kinds = [k.symbol or k.name[0] for k in game.kinds]

    def mark(i):
        v = cells[i]
        if not geo.used[i]:
            return " "
        if not v:
            return "."
        owner = (v & 7) - 1
        if owner >= game.n:
            m = "#"
        elif game.multi:
            k = kinds[v >> 3]
            m = k.upper() if owner == 0 else k.lower()
        else:
            m = marks[owner]
        return f"[{_COLOURS[owner % len(_COLOURS)]}]{m}[/]" if color and owner < game.n else m
    if getattr(game, "counted", False):
        lines = _counts(geo, st[COUNTS])
    else:
        lines = _lattice(geo, mark) if geo.translations else _points(geo, mark)
    if getattr(game, "hands", False):
        lines.append(f"ply {game.ply(st)}; in hand: " + hands_text(game, st))
    elif any(k.reserve for k in game.kinds):
        lines.append(f"ply {game.ply(st)}; in reserve: " + ", ".join(f"{p} {st[RESERVES][i]}" for i, p in enumerate(game.players)))
    else:
        lines.append(f"ply {game.ply(st)}")
    out = game.outcome(st)
    if out.breakdown is not None:
        lines.append("score: " + ", ".join(f"{p} {out.scores[p]:g}" for p in game.players))
    lines.append(status_line(game, st))
    return "\n".join(lines)


def _lattice(geo, mark) -> list[str]:
    """Ranks in board order (a hex board's shifted half a cell each), files lettered below."""
    hexagonal = geo.cell_shape == "hex"
    lines = []
    for r in (range(geo.ranks) if hexagonal else range(geo.ranks - 1, -1, -1)):
        indent = " " * r if hexagonal else ""
        lines.append(f"{geo.rank_label(r):>3} {indent}" + " ".join(mark(geo.index(f, r)) for f in range(geo.files)))
    lines.append("    " + " ".join(geo.file_label(f) for f in range(geo.files)))
    return lines


def _points(geo, mark) -> list[str]:
    """The points where they are drawn (rounded to a character grid, y up), then their names in
    the same order as a key."""
    xs, ys = [p[0] for p in geo.xy], [p[1] for p in geo.xy]
    step = min((abs(a - b) for v in (xs, ys) for a in v for b in v if abs(a - b) > 1e-9), default=1.0)
    at = {}
    for i in geo.cells():
        col, row = round((geo.xy[i][0] - min(xs)) / step), round((max(ys) - geo.xy[i][1]) / step)
        at.setdefault((row, col), i)
    rows = max(r for r, _c in at) + 1
    cols = max(c for _r, c in at) + 1
    lines = ["    " + " ".join(mark(at[r, c]) if (r, c) in at else " " for c in range(cols)).rstrip()
             for r in range(rows)]
    return lines + ["    points, row by row: " + " ".join(geo.name(at[k]) for k in sorted(at))]


def _counts(geo, counts) -> list[str]:
    """A counted game's cells where they are drawn (y up), each as how many pieces stand on it,
    with the cells' names in the same places below."""
    xs, ys = [p[0] for p in geo.xy], [p[1] for p in geo.xy]
    step = min((abs(a - b) for v in (xs, ys) for a in v for b in v if abs(a - b) > 1e-9), default=1.0)
    at = {}
    for i in geo.cells():
        at[round((max(ys) - geo.xy[i][1]) / step), round((geo.xy[i][0] - min(xs)) / step)] = i
    rows, cols = max(r for r, _c in at) + 1, max(c for _r, c in at) + 1
    width = max(3, *(len(geo.name(i)) + 1 for i in at.values()))

    def row(r, text):
        return "  " + "".join((text(at[r, c]) if (r, c) in at else "").rjust(width) for c in range(cols)).rstrip()
    return [row(r, lambda i: str(counts[i])) for r in range(rows)] + [""] + \
        [row(r, geo.name) for r in range(rows)]


def status_line(game, st) -> str:
    out = game.outcome(st)
    if out.over:
        return f"game over: {', '.join(out.winners)} won" if out.winners else "game over: a draw"
    who = game.to_move(st)
    return "to move: chance (a draw)" if who < 0 else f"to move: {game.players[who]}"


def hands_text(game, st) -> str:
    """Each player's hand: `sente P2 R1, gote -` (a kind by its symbol, with how many)."""
    kinds = [k.symbol or k.name for k in game.kinds]
    return ", ".join(f"{p} " + (" ".join(f"{kinds[j]}{c}" for j, c in enumerate(st[RESERVES][i]) if c) or "-")
                     for i, p in enumerate(game.players))
