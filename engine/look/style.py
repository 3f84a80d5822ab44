"""The `look:` section of a game, as its Game carries it (`game.info.look`, checked with the file:
every name one of the game's, every colour known), and the defaults used without one.

    look:
      board: "#e8d4a8"                  # the colour of used cells
      colours: {white: "#ffffff"}       # per seat
      symbols: {crown: "C", mill: "M"}   # per piece kind or tile feature: the text drawn on it
      zones: {station: "#c8dcf0"}       # zones shaded (every seat's cells), or `seat`: each seat's own in its colour
      features: {city: "#d04040"}       # the colour of a tile feature
      points: crossings                 # pieces on the crossings of the grid's lines (default: cells)
      marks: [c3, g3]                   # marked cells (or per board size: {9x9: [...], 19x19: [...]})
      lines: [d1 f3, f1 d3]             # extra lines between cells' centres
      gap: {after_rank: 4, text: ...}   # a gap between two ranks: only the edge files cross it
      plates: quadrant                  # a set of board.blocks drawn as separate plates
      shapes: {x: cross, o: ring}       # a seat's pieces: disc (default), cross or ring
      glyphs: {leader: "♚"}             # a kind drawn as one character in its seat's colour, outlined

Colours are `#rgb`/`#rrggbb` or one of the words of rulebook.source.info.COLOURS; the check
stage refuses any other, so a file that validates always draws."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..source.info import COLOURS

PALETTE = ["#f4f4f4", "#262626", "#d62728", "#1f5fbf", "#2ca02c", "#f2c500", "#7b3fa0", "#ff7f0e"]
FEATURE_PALETTE = ["#c0392b", "#2471a3", "#b7950b", "#7d3c98", "#148f77", "#a04000"]


def rgba(colour: str) -> tuple[float, float, float, float]:
    """#rgb, #rgba, #rrggbb or #rrggbbaa as channels from 0 to 1."""
    h = colour.strip().lstrip("#")
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h)
    if len(h) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in h):
        raise ValueError(f"not a colour: {colour!r}")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b, int(h[6:8], 16) / 255 if len(h) == 8 else 1.0


def over(colour: str, under: str, alpha: float = 1.0) -> str:
    """The colour seen where `colour` (its own alpha times `alpha`) is laid on `under` (opaque)."""
    r, g, b, a = rgba(colour)
    ur, ug, ub, _ = rgba(under)
    a *= alpha
    return "#" + "".join(f"{round((c * a + u * (1 - a)) * 255):02x}" for c, u in ((r, ur), (g, ug), (b, ub)))


def luminance(colour: str) -> float:
    """The WCAG 2.x relative luminance of an opaque colour."""
    def linear(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b, _ = rgba(colour)
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: str, b: str) -> float:
    """The WCAG 2.x contrast ratio of two opaque colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def pale(hex_colour: str, amount: float = 0.65) -> str:
    """The colour mixed with white (shading a zone in a seat's colour)."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(c + (255 - c) * amount):02x}" for c in (r, g, b))


@dataclass
class Look:
    board: str | None = None
    colours: dict[str, str] = field(default_factory=dict)
    symbols: dict[str, str] = field(default_factory=dict)
    zones: dict[str, str] = field(default_factory=dict)
    features: dict[str, str] = field(default_factory=dict)
    points: str = "cells"                       # cells | crossings: where the pieces stand
    marks: object = ()                          # cells marked: a list, or per board size ("9x9")
    lines: tuple = ()                           # extra lines, (from, to) cell names
    gap: dict | None = None                     # {after_rank, text}: a gap between two ranks
    plates: str | None = None                   # a set of board.blocks drawn as plates
    shapes: dict[str, str] = field(default_factory=dict)     # seat -> disc | cross | ring
    glyphs: dict[str, str] = field(default_factory=dict)     # kind -> one character drawn as the piece

    def marked(self, files: int, ranks: int) -> list[str]:
        """The cells marked on a board of this size."""
        if isinstance(self.marks, dict):
            return list(self.marks.get(f"{files}x{ranks}") or ())
        return list(self.marks)

    def seat_colour(self, seat: int, name: str) -> str:
        if name in self.colours:
            return self.colours[name]
        if name.lower() in COLOURS:     # a seat named after a colour takes it
            return COLOURS[name.lower()]
        return PALETTE[seat % len(PALETTE)]


def look_for(game) -> Look:
    """The look of a game: its file's checked `look:` section, or the defaults (a game without
    `info`, such as a hand-written one)."""
    info = getattr(game, "info", None)
    if info is None:
        return Look()
    lk = info.look
    return Look(lk.board, dict(lk.colours), dict(lk.symbols), dict(lk.zones), dict(lk.features),
                getattr(lk, "points", "cells"), getattr(lk, "marks", ()), tuple(getattr(lk, "lines", ())),
                getattr(lk, "gap", None), getattr(lk, "plates", None), dict(getattr(lk, "shapes", {})),
                dict(getattr(lk, "glyphs", {})))
