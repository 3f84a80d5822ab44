"""Pictures and prose: `show --svg/--png` (the writing of a picture) and `rules` (a game's
rules in plain English). rulebook.look is imported inside the functions: matplotlib only for
a PNG."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..errors import RulebookError
from .app import GameArg, load, out

SvgOpt = typer.Option(None, "--svg", help="write the position as an SVG picture to this file")
PngOpt = typer.Option(None, "--png", help="write the position as a PNG picture to this file")


def _target(path: str, what: str) -> Path:
    p = Path(path)
    if p.is_dir():
        raise RulebookError(f"--{what} {path}: a folder, not a file")
    if not p.parent.exists():
        raise RulebookError(f"--{what} {path}: no folder {p.parent}")
    return p


def last_move(rec, ply: int | None) -> str | None:
    """The notation of the move that led to the position shown (None at the start)."""
    if rec is None:
        return None
    n = len(rec.moves) if ply is None else ply
    return rec.moves[n - 1] if n > 0 else None


def write_pictures(game, st, last: str | None, svg: str | None, png: str | None) -> None:
    from ..look import picture_png, picture_svg
    from ..look.style import look_for
    look = look_for(game)
    if svg is not None:
        target = _target(svg, "svg")
        try:
            target.write_text(picture_svg(game, st, look, last), encoding="utf-8")
        except OSError as e:
            raise RulebookError(f"--svg {svg}: {e.strerror}") from None
    if png is not None:
        target = _target(png, "png")
        try:
            picture_png(game, st, target, look, last)
        except OSError as e:
            raise RulebookError(f"--png {png}: {e.strerror}") from None


def rules(game_path: str = GameArg,
          fmt: str = typer.Option("markdown", "--format", help="markdown | text"),
          exact: bool = typer.Option(False, "--exact", help="quote the file's exact rule text under each sentence")):
    """Print the rules of a game file in plain English (Markdown by default), in a rulebook's
    order: the board and the start, a turn, the pieces, the end, the options."""
    from ..look.prose import rules_prose
    if fmt not in ("markdown", "text"):
        raise RulebookError(f"--format must be markdown or text, not '{fmt}'")
    text = rules_prose(load(game_path, {}), exact=exact)
    if fmt == "text":
        from ..look.prose import plain
        text = plain(text)
    out(text.rstrip("\n"))


def watcher(game, delay: float = 0.0):
    """Match.on_move for `play --watch`: each position as it is reached, under a line naming the
    move just played."""
    import time
    if not 0 <= delay <= 10:
        raise RulebookError(f"--delay must be 0 to 10 seconds, not {delay:g}")

    def on_move(match, step, st):
        who = "chance" if step.seat < 0 else game.players[step.seat]
        out(f"\nply {match.ply}: {who} played {game.move_str(step.move)}  <- the last move")
        out(game.render(st))
        if delay:
            time.sleep(delay)
    return on_move


def final_view(game, st) -> str:
    """The final position and the score table (below the result line of `play`)."""
    res = game.outcome(st)
    lines = [game.render(st), "", "score table:"]
    width = max(len(p) for p in game.players)
    for p in game.players:
        mark = "  (won)" if p in res.winners else ""
        parts = ""
        if res.breakdown is not None:
            parts = "  " + ", ".join(f"{k} {v}" for k, v in res.breakdown[p].items())
        lines.append(f"  {p:<{width}}  {res.scores.get(p, 0):g}{mark}{parts}")
    return "\n".join(lines)
