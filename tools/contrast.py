"""The WCAG 2.x contrast of the page's colours and the pictures': each pair of a colour and what it
stands on, its ratio and the least it must reach (4.5:1 for text, 3:1 for large text and for the
parts of the board a player must see: highlighted cells, marks, pieces against their cells).

The page's colours are read from engine/web/static/style.css in its light and dark modes (the
custom properties of `:root` and of the dark theme, the rules that use them); the board's from
the pictures of every shipped game (rulebook.look), drawn at a few plies, and the highlight
colours the stylesheet draws on the board's cells. docs/web.md keeps the table this writes;
tests/frontends/test_contrast.py fails naming a pair below its least, or a table gone stale.

    python -m tools.contrast            # print the table
    python -m tools.contrast --write    # rewrite it in docs/web.md (between its two markers)
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CSS = ROOT / "engine" / "web" / "static" / "style.css"
DOC = ROOT / "docs" / "web.md"
BEGIN, END = "<!-- contrast table: python -m tools.contrast --write -->", "<!-- end of the contrast table -->"
TEXT, LARGE = 4.5, 3.0          # WCAG 1.4.3 (text) and 1.4.11 (large text, UI components, graphics)
BUTTON_TEXT = "#000000"         # the browser's own button text (the stylesheet sets no color-scheme)


from rulebook.look.style import contrast as ratio  # noqa: E402  (WCAG 2.x, as the pictures use it)
from rulebook.look.style import luminance, over, rgba  # noqa: E402,F401


# ---------------------------------------------------------------- the stylesheet
def css_blocks(text: str) -> list[tuple[str, str]]:
    """The top-level blocks of a stylesheet, (selector or @rule, body), comments left out."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out, i = [], 0
    while True:
        j = text.find("{", i)
        if j < 0:
            return out
        depth, k = 1, j + 1
        while depth:
            depth += {"{": 1, "}": -1}.get(text[k], 0)
            k += 1
        out.append((text[i:j].strip(), text[j + 1:k - 1]))
        i = k


def declarations(body: str) -> dict[str, str]:
    return {k.strip(): v.strip() for k, _, v in (d.partition(":") for d in body.split(";")) if v.strip()}


@dataclass
class Sheet:
    """The stylesheet's rules (each selector's declarations, later ones winning) in one mode."""
    rules: dict[str, dict[str, str]]
    vars: dict[str, str]

    def get(self, selector: str, prop: str, scopes: tuple = ()) -> str:
        """A declaration's colour, its var() looked up in the rules of `scopes` (the last first),
        then in the mode's own custom properties."""
        value = self.rules.get(selector, {}).get(prop)
        if value is None:
            raise KeyError(f"style.css: no {prop} for {selector}")
        if value == "inherit":
            return self.get("body", prop)
        m = re.fullmatch(r"var\((--[\w-]+)\)", value)
        if not m:
            return value
        for scope in reversed(scopes):
            if m.group(1) in self.rules.get(scope, {}):
                return self.rules[scope][m.group(1)]
        return self.vars[m.group(1)]


@lru_cache(maxsize=None)
def sheets(text: str | None = None) -> dict[str, Sheet]:
    """The light and dark modes of the stylesheet; also the system's dark mode (the @media rule),
    which must say what the toggle's dark theme says."""
    text = CSS.read_text(encoding="utf-8") if text is None else text
    rules: dict[str, dict[str, str]] = {}
    media: dict[str, dict[str, str]] = {}
    for head, body in css_blocks(text):
        if head.startswith("@media") and "prefers-color-scheme: dark" in head:
            for sel, inner in css_blocks(body):
                media.setdefault(sel, {}).update(declarations(inner))
            continue
        for sel in (s.strip() for s in head.split(",")):
            rules.setdefault(sel, {}).update(declarations(body))
    light = {k: v for k, v in rules.get(":root", {}).items() if k.startswith("--")}
    dark = {**light, **{k: v for k, v in rules.get(':root[data-theme="dark"]', {}).items() if k.startswith("--")}}
    system = {**light, **{k: v for k, v in media.get(':root:not([data-theme="light"])', {}).items()
                          if k.startswith("--")}}
    return {"light": Sheet(rules, light), "dark": Sheet(rules, dark), "system dark": Sheet(rules, system)}


@dataclass
class Pair:
    what: str
    fore: str
    back: str
    least: float
    where: str = ""              # the mode, or the game whose picture holds the worst case

    @property
    def ratio(self) -> float:
        return ratio(self.fore, self.back)


def page_pairs(mode: str) -> list[Pair]:
    """The page's text and controls on what they stand on, in one mode of the stylesheet."""
    s = sheets()[mode]
    bg = s.get("body", "background")
    fg = s.get("body", "color")
    number = over(s.get("#history li::before", "color"), bg, float(s.get("#history li::before", "opacity")))
    return [Pair(w, f, b, TEXT, mode) for w, f, b in [
        ("page text", fg, bg),
        ("header text", s.get("header", "color"), s.get("header", "background")),
        ("setup summary", s.get("#setup-box > summary", "color"), bg),
        ("error message", s.get("#error", "color"), bg),
        ("link", s.get("a", "color"), bg),
        ("move number", number, bg),
        ("the move on screen", fg, s.get("#history li.current", "background")),
        ("a draw from the bag, in the moves played", s.get("#history.pairs li.chance", "color"), bg),
        ("folded moves note", s.get("#moves .folded", "color"), bg),
        ("choice button", s.get("#choice button", "color"), s.get("#choice button", "background")),
        ("legal move button", BUTTON_TEXT, "#efefef"),        # the browser's own button, in both modes
    ]]


# ---------------------------------------------------------------- the pictures
@lru_cache(maxsize=None)
def drawings() -> list[tuple[str, object]]:
    """(game stem, Drawing) of every shipped game at its start and a few plies in (the middle
    legal move each time), with the page's controls."""
    from rulebook import load_game
    from rulebook.look.scene import build
    from rulebook.look.style import look_for
    out = []
    for path in sorted((ROOT / "games").glob("*.yaml")):
        game = load_game(path)
        look = look_for(game)
        st, last = game.initial_state(), None
        for ply in range(13):
            if ply in (0, 4, 12):
                out.append((path.stem, build(game, st, look, last, controls=True)))
            if game.is_over(st):
                break
            ms = sorted(game.legal_moves(st), key=game.move_str)
            m = ms[len(ms) // 2]
            last, st = game.move_str(m), game.apply(st, m)
    return out


def _classes(shape) -> list[str]:
    return (shape.cls or "").split()


def _under(d) -> str:
    """What a translucent cell lies on: a board of lines' wood or a plate, else the background."""
    return next((s.fill for g in d.groups for s in g.shapes if {"wood", "plate"} & set(_classes(s))), d.background)


def cell_colours() -> list[tuple[str, str, bool]]:
    """Every colour a cell is seen in (game, colour, whether the picture marks it dark),
    translucent ones laid on what they lie on."""
    seen = {}
    for stem, d in drawings():
        under = _under(d)
        for g in d.groups:
            for s in g.shapes:
                if g.cell is not None and "cell" in _classes(s):
                    seen.setdefault(over(s.fill or "#ffffff00", under), (stem, g.tone == "dark"))
                    break
    return [(stem, c, dark) for c, (stem, dark) in seen.items()]


def worst(what: str, least: float, pairs) -> Pair:
    """The pair of least contrast among (where, fore, back)."""
    where, fore, back = min(pairs, key=lambda p: ratio(p[1], p[2]))
    return Pair(what, fore, back, least, where)


TONED = "#board [data-cell]"                      # the rule of the highlights' inks on a light cell
DARK = '#board [data-cell][data-tone="dark"]'     # and on a dark cell


def board_pairs() -> list[Pair]:
    """The board's highlights, marks, pieces and text, each at its worst over the shipped games
    (the board is drawn the same in both modes of the page)."""
    from rulebook.look import scene, svg
    s = sheets()["light"]
    cells = cell_colours()
    out = []
    for dark, tone in ((False, "light"), (True, "dark")):
        mine = [(stem, c) for stem, c, d in cells if d == dark]
        scopes = (TONED, DARK) if dark else (TONED,)

        def outline(selector):
            return [(stem, s.get(selector, "stroke", scopes), c) for stem, c in mine]
        out += [worst(f"outline of a cell a move may start on, on a {tone} cell", LARGE,
                      outline("#board [data-cell].can polygon.cell")),
                worst(f"outline of a cell a move may go to, on a {tone} cell", LARGE,
                      outline("#board [data-cell].target polygon.cell")),
                worst(f"outline of the cells of a move begun, on a {tone} cell", LARGE,
                      outline("#board [data-cell].from polygon.cell")),
                worst(f"outline of the focused cell, on a {tone} cell", LARGE,
                      outline("#board [data-cell]:focus-visible polygon.cell")),
                worst(f"ring of the last move, on a {tone} cell", LARGE, [(st, scene.MARK[dark], c) for st, c in mine]),
                worst(f"ring of the winning line, on a {tone} cell", LARGE, [(st, scene.WON[dark], c) for st, c in mine]),
                worst(f"ring of a tile previewed, on a {tone} cell", LARGE,
                      [(st, scene.PREVIEW[dark], c) for st, c in mine])]
    out.append(Pair("outline of an armed control", s.get("#board [data-part].armed circle.control", "stroke"),
                    s.get("#board [data-part].armed circle.control", "fill"), LARGE))
    pieces, symbols, texts = [], [], []
    for stem, d in drawings():
        under = _under(d)
        for g in d.groups:
            ground, disc, edge = d.background, None, None     # what a piece stands on, the last disc's fill
            for sh in g.shapes:
                cls = _classes(sh)
                if g.cell is not None and "cell" in cls:
                    ground = over(sh.fill or "#ffffff00", under)
                elif "piece-edge" in cls:
                    edge = sh.stroke
                elif "piece" in cls:
                    colours = [c for c in (sh.fill, sh.stroke, edge) if c and rgba(c)[3] == 1]
                    # a piece is seen by its fill or its outline, whichever stands out more
                    pieces.append(max(((stem, c, ground) for c in colours), key=lambda p: ratio(p[1], p[2])))
                    disc = sh.fill
                elif sh.kind == "circle" and sh.fill and "feature" in cls:
                    disc = sh.fill
                elif sh.kind == "text" and "symbol" in cls and disc:
                    symbols.append((stem, sh.fill, disc))
                elif sh.kind == "text" and set(cls) & {"coord", "legend", "score", "next", "off", "hand"}:
                    if "legend" in cls and len(sh.text) == 1:      # a letter on a legend's disc
                        continue
                    texts.append((stem, sh.fill, d.background))
    out += [worst("a piece on its cell (its fill or outline)", LARGE, pieces),
            worst("a piece's letter or count on it", TEXT, symbols),
            worst("the board's words (coordinates, legend, score table, tile to place)", TEXT, texts),
            Pair("the board's caption", svg.CAPTION, scene.Drawing(0, 0, []).background, TEXT)]
    return out


def pairs() -> list[Pair]:
    return page_pairs("light") + page_pairs("dark") + board_pairs()


def table() -> str:
    rows = ["| what | colour | on | where (worst case) | ratio | at least |", "|---|---|---|---|---|---|"]
    for p in pairs():
        rows.append(f"| {p.what} | `{p.fore}` | `{p.back}` | {p.where or '-'} | {p.ratio:.2f}:1 | {p.least:g}:1 |")
    return "\n".join(rows) + "\n"


def kept_table(doc: str) -> str | None:
    """The table docs/web.md keeps between its markers, or None."""
    if BEGIN not in doc or END not in doc:
        return None
    return doc.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"


def main(argv: list[str]) -> int:
    text = table()
    if "--write" not in argv:
        print(text, end="")
        return 0
    doc = DOC.read_text(encoding="utf-8")
    if kept_table(doc) is None:
        print(f"{DOC}: no markers {BEGIN} ... {END} to write the table between", file=sys.stderr)
        return 1
    head, rest = doc.split(BEGIN, 1)
    DOC.write_text(head + BEGIN + "\n" + text + END + rest.split(END, 1)[1], encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
