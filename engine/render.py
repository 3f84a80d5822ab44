"""Draw a position in the terminal: the board, whose turn it is, the result or scores."""
from __future__ import annotations

_MARKS = "XO#@%&"
_COLOURS = ["bold white", "bold red", "bold green", "bold yellow", "bold blue", "bold magenta"]


def render_grid(game, st, color: bool = False) -> str:
    """A grid board: one character per cell, ranks top-down, files below."""
    geo = game.geo
    cells = st[0]
    marks = [p[0].upper() if len({q[0].upper() for q in game.players}) == len(game.players) else _MARKS[i]
             for i, p in enumerate(game.players)]
    lines = []
    for r in range(geo.ranks - 1, -1, -1):
        row = []
        for f in range(geo.files):
            i = geo.index(f, r)
            if not geo.used[i]:
                row.append(" ")
            elif cells[i]:
                m = marks[cells[i] - 1]
                row.append(f"[{_COLOURS[(cells[i] - 1) % len(_COLOURS)]}]{m}[/]" if color else m)
            else:
                row.append(".")
        lines.append(f"{r + 1:>3} " + " ".join(row))
    lines.append("    " + " ".join("abcdefghijklmnopqrstuvwxyz"[:geo.files]))
    reserves = ", ".join(f"{p} {st[2][i]}" for i, p in enumerate(game.players))
    lines.append(f"ply {game.ply(st)}; in reserve: {reserves}")
    lines.append(status_line(game, st))
    return "\n".join(lines)


def status_line(game, st) -> str:
    out = game.outcome(st)
    if out.over:
        return f"game over: {', '.join(out.winners)} won" if out.winners else "game over: a draw"
    who = game.to_move(st)
    return "to move: chance (a draw)" if who < 0 else f"to move: {game.players[who]}"
