"""board.open.bounds (stones on path tiles): a board of files x ranks squares, empty at the start."""
from __future__ import annotations

KEY = "board.open.bounds"
ABOUT = "`{files, ranks}`, a bounded board of squares, empty at the start (no start tile)"


def check(ch) -> tuple[int, int] | None:
    """(files, ranks), or None where the board has no bounds."""
    board = ch.src.data["board"]["open"]
    if "start" in board:
        ch.error(("board", "open", "start"), "stones on path tiles start on an empty bounded board: "
                                             "no start tile", key=True)
    bounds = board.get("bounds")
    if bounds is None:
        ch.error(("board", "open"), "stones on path tiles need a bounded board: board.open.bounds "
                                    "{files, ranks}", key=True)
        return None
    return bounds["files"], bounds["ranks"]
