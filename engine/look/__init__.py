"""Pictures of positions and rules as prose, drawn from a game's data alone (no per-game code).

style.py   the game's `look:` section (colours, symbols, shaded zones; game.info.look, checked
           with the file) and the defaults
scene.py   one geometry for every output: a list of shapes (cells, pieces, track, marks, text)
           built from the Game API and the kinds' public drawing data (`geo` and `position_json`
           of grid games, `scene()` of tile games)
svg.py     the shapes as SVG (each cell a group with data-cell="<name>")
png.py     the same shapes drawn with matplotlib (imported only when a PNG is asked for)
prose.py   the rules of a game in plain English (Markdown), from game.info (never the file)
"""
from __future__ import annotations

__all__ = ["picture_svg", "picture_png", "move_cells"]


def picture_svg(game, st, look=None, last: str | None = None, controls: bool = False, preview=None) -> str:
    from .scene import build
    from .svg import to_svg
    return to_svg(build(game, st, look, last, controls, preview))


def picture_png(game, st, path, look=None, last: str | None = None) -> None:
    from .png import to_png
    from .scene import build
    to_png(build(game, st, look, last), path)


def move_cells(text: str, names) -> list[str]:
    from .scene import move_cells as _cells
    return _cells(text, names)
