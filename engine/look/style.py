"""The `look:` section of a game file and the defaults used without one.

    look:
      board: "#e8d4a8"                  # the colour of used cells
      colours: {white: "#ffffff"}       # per seat
      symbols: {crown: "C", mill: "M"}   # per piece kind or tile feature: the text drawn on it
      zones: {station: "#c8dcf0"}       # zones shaded (every seat's cells), or `seat`: each seat's own in its colour
      features: {city: "#d04040"}       # the colour of a tile feature

Names are checked against the game (seats, kinds, zones, features); a wrong one is a located
error. Colours are `#rgb`/`#rrggbb` or a basic colour name (the schema checks the form)."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import RulebookError

NAMED = {"white": "#ffffff", "black": "#222222", "red": "#d62728", "blue": "#1f5fbf", "green": "#2ca02c",
         "yellow": "#f2c500", "orange": "#ff7f0e", "purple": "#7b3fa0", "brown": "#8c564b", "pink": "#e377c2",
         "grey": "#888888", "gray": "#888888", "cyan": "#17becf", "magenta": "#c0399f", "teal": "#138086",
         "navy": "#1b2a6b", "gold": "#d4a017", "silver": "#c0c0c0", "ivory": "#fffff0", "tan": "#d2b48c"}
PALETTE = ["#f4f4f4", "#262626", "#d62728", "#1f5fbf", "#2ca02c", "#f2c500", "#7b3fa0", "#ff7f0e"]
FEATURE_PALETTE = ["#c0392b", "#2471a3", "#b7950b", "#7d3c98", "#148f77", "#a04000"]


def colour(text: str) -> str:
    text = text.strip().lower()
    if text in NAMED:
        return NAMED[text]
    if text.startswith("#") and len(text) == 4:
        return "#" + "".join(ch * 2 for ch in text[1:])
    return text


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

    def seat_colour(self, seat: int, name: str) -> str:
        if name in self.colours:
            return self.colours[name]
        if name.lower() in NAMED:
            return NAMED[name.lower()]
        return PALETTE[seat % len(PALETTE)]


def read_look(path) -> tuple[dict, object]:
    """The raw `look:` section of a game file (after `extends`), and its Source for places."""
    from ..source.load import load_source
    src = load_source(path)
    data = src.data.get("look") if isinstance(src.data, dict) else None
    return (data if isinstance(data, dict) else {}), src


def look_for(game, path=None) -> Look:
    """The look of a game (from its file when a path is given), its names checked against the game."""
    if path is None:
        return Look()
    data, src = read_look(path)
    seats = list(game.players)
    kinds = [k.name for k in getattr(game, "kinds", [])]
    zones = sorted(getattr(game, "zone_cells", {}) or {})
    feats = list(getattr(game, "features", []) or [])
    all_seats = seats
    try:   # a game of a variable seat count names every possible seat in its file
        all_seats = [p if isinstance(p, str) else p.get("name") for p in src.data.get("players", [])] or seats
    except AttributeError:
        pass

    def check(key: str, known: list[str], what: str) -> dict[str, str]:
        got = data.get(key) or {}
        for name in got:
            if name not in known:
                f = src.finding(("look", key, name), f"look.{key}: '{name}' is not {what} of this game"
                                + (f" ({', '.join(known)})" if known else " (it has none)"), key=True)
                raise RulebookError(str(f))
        return {str(k): str(v) for k, v in got.items()}
    look = Look()
    look.board = colour(str(data["board"])) if data.get("board") else None
    look.colours = {k: colour(v) for k, v in check("colours", all_seats, "a seat").items()}
    look.symbols = check("symbols", kinds + feats, "a piece kind or a feature")
    look.zones = {k: (v if v == "seat" else colour(v)) for k, v in check("zones", zones, "a zone").items()}
    look.features = {k: colour(v) for k, v in check("features", feats, "a feature").items()}
    return look
