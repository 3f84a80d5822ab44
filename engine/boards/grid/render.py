"""Draw a grid position in the terminal: the board, whose turn it is, the result or scores."""
from __future__ import annotations

from .layout import RESERVES

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
    hexagonal = geo.kind == "hex"
    order = range(geo.ranks) if hexagonal else range(geo.ranks - 1, -1, -1)
    lines = []
    for r in order:
        row = []
        for f in range(geo.files):
            i = geo.index(f, r)
            v = cells[i]
            if not geo.used[i]:
                row.append(" ")
            elif not v:
                row.append(".")
            else:
                owner = (v & 7) - 1
                if owner >= game.n:
                    m = "#"
                elif game.multi:
                    k = kinds[v >> 3]
                    m = k.upper() if owner == 0 else k.lower()
                else:
                    m = marks[owner]
                row.append(f"[{_COLOURS[owner % len(_COLOURS)]}]{m}[/]" if color and owner < game.n else m)
        indent = " " * r if hexagonal else ""
        lines.append(f"{r + 1:>3} {indent}" + " ".join(row))
    lines.append("    " + " ".join("abcdefghijklmnopqrstuvwxyz"[:geo.files]))
    if any(k.reserve for k in game.kinds):
        lines.append(f"ply {game.ply(st)}; in reserve: " + ", ".join(f"{p} {st[RESERVES][i]}" for i, p in enumerate(game.players)))
    else:
        lines.append(f"ply {game.ply(st)}")
    out = game.outcome(st)
    if out.breakdown is not None:
        lines.append("score: " + ", ".join(f"{p} {out.scores[p]:g}" for p in game.players))
    lines.append(status_line(game, st))
    return "\n".join(lines)


def status_line(game, st) -> str:
    out = game.outcome(st)
    if out.over:
        return f"game over: {', '.join(out.winners)} won" if out.winners else "game over: a draw"
    who = game.to_move(st)
    return "to move: chance (a draw)" if who < 0 else f"to move: {game.players[who]}"
