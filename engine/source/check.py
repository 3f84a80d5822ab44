"""Check a loaded game file: structure (JSON Schema), then every rules-language string.

All findings are collected, each located at the offending key, value or token, and raised
together as one GameFileError. The board kind (grid or tiles) checks its own words.
"""
from __future__ import annotations

import json
import re
from ..structs import struct, field
from functools import lru_cache
from importlib.resources import files
from typing import Any

from ..lang import dsl
from ..lang.dsl import DslError
from ..lang.expr import Vocabulary, typecheck
from .load import Finding, GameFileError, Source
from .options import option_symbols, resolve_options  # noqa: F401 (kept here for its callers)


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads(files("rulebook.source").joinpath("schema.json").read_text(encoding="utf-8"))


@struct
class Checker:
    """Collects findings while the stages read a Source."""
    src: Source
    findings: list[Finding] = field(default_factory=list)

    def error(self, path: tuple, message: str, key: bool = False) -> None:
        self.findings.append(self.src.finding(path, message, key=key))

    def parse(self, path: tuple, kind: str):
        """Parse the DSL string at path; None (and a finding at the token) if it is bad."""
        text = self.src.data
        for p in path:
            text = text[p]
        try:
            node = dsl.parse(text, kind)
        except DslError as e:
            self.findings.append(self.src.finding(path, e.message, inner=(e.line, e.column)))
            return None
        node.path = path
        for n in _divisions(node):      # where a division stands, for its runtime error
            n.where = str(self.src.finding(path, "", inner=(n.line, n.column)))[:-2]
            if isinstance(n.right, dsl.Num) and n.right.value == 0:   # always zero: refused at once
                self.findings.append(self.src.finding(path, f"division by zero: '{n.op}' by the number 0",
                                                      inner=(n.right.line, n.right.column)))
        return node

    def typed(self, path: tuple, vocab: Vocabulary, expect: tuple[str, ...], kind: str = "expr",
              what: str = "this") -> dsl.Node | None:
        """Parse and type-check an expression, which must be of one of the expected types."""
        node = self.parse(path, kind)
        if node is None:
            return None
        try:
            t, _ = typecheck(node, vocab)
        except DslError as e:
            self.findings.append(self.src.finding(path, e.message, inner=(e.line, e.column)))
            return None
        if t not in expect:
            self.findings.append(self.src.finding(path, f"{what} must be {' or '.join(_article(x) for x in expect)}, "
                                                        f"not {_article(t)}", inner=(node.line, node.column)))
            return None
        return node

    def raise_if_any(self) -> None:
        if self.findings:
            raise GameFileError(sorted(self.findings, key=lambda f: (f.line, f.column)))


def _divisions(node):
    """The divisions (/ // %) of a parsed sentence."""
    return [n for n in dsl.walk(node) if isinstance(n, dsl.BinOp) and n.op in ("/", "//", "%")]


def _article(t: str) -> str:
    if t in ("text", "null", "true/false"):
        return t
    return ("an " if t[0] in "aeiou" else "a ") + t


def check_structure(ch: Checker) -> None:
    """JSON Schema findings, each at the node its path leads to."""
    import jsonschema
    validator = jsonschema.Draft202012Validator(schema())
    for err in sorted(validator.iter_errors(ch.src.data), key=lambda e: list(map(str, e.absolute_path))):
        for leaf in _leaves(err):
            path = tuple(leaf.absolute_path)
            if leaf.validator == "additionalProperties" and isinstance(leaf.instance, dict):
                allowed = set(leaf.schema.get("properties", {}))
                for extra in sorted(set(leaf.instance) - allowed):
                    hint = f"; expected one of: {', '.join(sorted(allowed))}" if allowed else ""
                    ch.error(path + (extra,), f"unknown key '{extra}'{hint}", key=True)
                continue
            if leaf.validator == "required":
                ch.error(path, leaf.message.replace("is a required property", "is missing") + _where(path), key=True)
                continue
            ch.error(path, _message(leaf, path), key=leaf.validator == "propertyNames")


def _leaves(err):
    """The most specific errors: for oneOf/anyOf pick the branch that went furthest."""
    if err.validator in ("oneOf", "anyOf") and err.context:
        best = max(err.context, key=lambda e: (len(e.absolute_path), -len(e.schema_path)))
        if len(best.absolute_path) > len(err.absolute_path):
            return _leaves(best)
        # the one branch of the value's own type (a number or a mapping, say) says what is wrong
        typed = [b for b in err.validator_value if isinstance(b, dict) and "type" in b]
        fits = [i for i, b in enumerate(typed) if _kind(err.instance) == _kind_of_type(b["type"])]
        if len(typed) == len(err.validator_value) and len(fits) == 1:
            inside = [e for e in err.context if e.relative_schema_path[0] == fits[0]]
            if inside:
                return _leaves(inside[0])
    return [err]


def _kind_of_type(schema_type) -> str | None:
    """The word `_kind` gives a value of this schema type."""
    samples = {"object": {}, "array": [], "string": "", "integer": 0, "number": 0.5, "boolean": True}
    return _kind(samples[schema_type]) if schema_type in samples else None


def _where(path: tuple) -> str:
    return f" in '{'.'.join(map(str, path))}'" if path else ""


def _message(err, path) -> str:
    name = ".".join(map(str, path)) or "the file"
    v = err.validator
    if path and path[-1] == "forward":
        return f"'{name}' must be north, south, east, west or degrees counter-clockwise from east (0..345, steps of 15)"
    if v == "type":
        want = err.validator_value if isinstance(err.validator_value, str) else " or ".join(err.validator_value)
        return f"'{name}' must be {_article(_TYPE_WORDS.get(want, want))}, not {_article(_kind(err.instance))}"
    if v == "enum":
        return f"'{name}' must be one of: {', '.join(map(str, err.validator_value))}"
    if v == "pattern":
        if path and path[-1] in ("name",) or err.schema.get("pattern", "").startswith("^[A-Za-z_]"):
            return f"'{err.instance}' is not a valid name (letters, digits and _, not starting with a digit)"
        words = _PATTERN_WORDS.get(err.validator_value)
        if words:
            return f"'{_short(err.instance)}' is not {words}"
        return f"'{err.instance}' is not of the form {err.validator_value}"
    if v in ("minimum", "maximum"):
        return f"'{name}' must be {'at least' if v == 'minimum' else 'at most'} {err.validator_value}"
    if v in ("minItems", "maxItems", "minProperties", "maxProperties"):
        n, what = err.validator_value, "item" if v.endswith("Items") else "entry"
        many = f"{what}s" if what == "item" else "entries"
        if v.startswith("max"):
            return f"'{name}' has {len(err.instance)} {many}: at most {n}"
        return f"'{name}' needs at least {n} {what if n == 1 else many}"
    if v in ("oneOf", "anyOf") and all(isinstance(b, dict) and isinstance(b.get("type"), str)
                                       for b in err.validator_value):
        kinds = [_article(_TYPE_WORDS.get(b["type"], b["type"])) for b in err.validator_value]
        given = _article(_kind(err.instance))
        if given not in kinds:
            return f"'{name}' must be {' or '.join(dict.fromkeys(kinds))}, not {given}"
    if v == "oneOf" and path == ("board",) and isinstance(err.instance, dict):
        given = [k for k in ("grid", "hex", "open") if k in err.instance]
        if len(given) > 1:
            return f"a board is one of grid, hex or open, not {' and '.join(given)}"
        return f"'{name}' needs one of: grid, hex, open"
    return f"'{name}': {err.message}"


_PATTERN_WORDS = {     # the schema's patterns, said in words
    "^[A-Za-z]$": "one letter",
    "^option\\.[a-z_][a-z0-9_]*$": "a whole number, nor option.NAME",
    "^[1-9][0-9]?$": "a number of players (1 to 99)",
    "^[^A-Za-z0-9 ]*$": "made of signs only (no letters, digits or spaces)",
    "^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-z]+)$": "a colour: #rgb, #rrggbb or a colour word such as red",
}


def _short(value) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:30] + "..."


_TYPE_WORDS = {"object": "mapping", "array": "list", "string": "text", "integer": "whole number",
               "boolean": "true/false"}


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "whole number"
    if isinstance(value, float):
        return "decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "mapping"
    return "null"


# ---------------------------------------------------------------- options
def check_options(ch: Checker) -> None:
    for name, o in (ch.src.data.get("options") or {}).items():
        if not isinstance(o, dict) or "default" not in o:
            continue
        d = o["default"]
        if "choices" in o and d not in o["choices"]:
            ch.error(("options", name, "default"), f"default {d!r} is not one of the choices")
        if isinstance(d, int) and not isinstance(d, bool):
            if "min" in o and d < o["min"] or "max" in o and d > o["max"]:
                ch.error(("options", name, "default"), f"default {d} is outside min/max")
        if ("min" in o or "max" in o) and not (isinstance(d, int) and not isinstance(d, bool)):
            ch.error(("options", name), "min and max need a whole-number default", key=True)




# ---------------------------------------------------------------- glossary
def glossary_keys(spec: dict) -> list[str]:
    """The names a `glossary:` may give words to: the file's own keys (seats, kinds, zones,
    direction sets, phases, their rules and let names, tile types and features, scores)."""
    from .info import seat_names
    tiles = spec.get("tiles") or {}
    types = tiles.get("types") or {}
    keys = [*seat_names(spec), *(spec.get("pieces") or {}), *(spec.get("zones") or {}),
            *(spec.get("directions") or {}), *types, *(tiles.get("features") or []),
            *(t.get("feature") for t in types.values() if isinstance(t, dict) and t.get("feature")),
            *(tiles.get("marks") or []),
            *(spec.get("scoring") or {})]
    for ph in spec.get("phases") or []:
        if isinstance(ph, dict):
            keys += [ph.get("name"), *(ph.get("let") or {}), *(ph.get("landing") or {}), *(ph.get("legal") or {})]
    return [str(k) for k in dict.fromkeys(keys) if k]


def check_glossary(ch: Checker) -> None:
    """Each `glossary:` key is one of the file's own names (what `rulebook rules` says it for).
    An entry inherited from a base file may name what the variant removed: it is left unsaid."""
    known = set(glossary_keys(ch.src.data))
    for name in ch.src.data.get("glossary") or {}:
        if name not in known and ch.src.place(("glossary", name), key=True).file is None:
            ch.error(("glossary", name), f"glossary: '{name}' is not a name of this file (a seat, piece kind, zone, "
                                         "direction set, phase, rule, let name, tile type, feature or score)", key=True)


# ---------------------------------------------------------------- notation
def check_notation(ch: Checker) -> None:
    """The short notation's kinds (`notation: short:`) and the options SGF's properties carry
    (`notation: sgf:`) are the game's, each finding at its value."""
    spec = ch.src.data
    short = (spec.get("notation") or {}).get("short") or {}
    kinds = list(spec.get("pieces") or {})

    def kind(path: tuple, name) -> None:
        if name not in kinds:
            ch.error(path, f"notation.short: '{name}' is not a piece kind of this game"
                           + (f" ({', '.join(kinds)})" if kinds else " (it has none)"))
    for i, name in enumerate(short.get("plain") or []):
        kind(("notation", "short", "plain", i), name)
    for text, named in (short.get("named") or {}).items():
        for i, name in enumerate(named.get("kinds") or []):
            kind(("notation", "short", "named", text, "kinds", i), name)
    sgf = (spec.get("notation") or {}).get("sgf")
    options = list(spec.get("options") or {})
    for prop in (k for k in sgf if k != "game") if isinstance(sgf, dict) else ():    # the options SGF properties carry
        if sgf[prop] not in options:
            ch.error(("notation", "sgf", prop), f"notation.sgf.{prop}: '{sgf[prop]}' is not an option of this game"
                                                + (f" ({', '.join(options)})" if options else " (it has none)"))


# ---------------------------------------------------------------- look
def check_look(ch: Checker) -> None:
    """The `look:` section: every name one of the game's (seats, piece kinds, zones, tile
    features) and every colour one the pictures can draw, each finding at its key or value."""
    from .info import COLOURS, colour_hex, seat_names
    spec = ch.src.data
    look = spec.get("look") or {}
    tiles = spec.get("tiles") or {}
    features = list(dict.fromkeys([*(tiles.get("features") or []),
                                   *(t.get("feature") for t in (tiles.get("types") or {}).values()
                                     if isinstance(t, dict) and t.get("feature"))]))
    known = {"colours": (list(seat_names(spec)), "a seat"),
             "symbols": (list(spec.get("pieces") or {}) + features, "a piece kind or a feature"),
             "zones": (list(spec.get("zones") or {}), "a zone"),
             "features": (features, "a feature"),
             "glyphs": (list(spec.get("pieces") or {}), "a piece kind")}
    words = ", ".join(sorted(COLOURS))

    def colour(path: tuple, value, seat_too: bool = False) -> None:
        if colour_hex(value) is None and not (seat_too and value == "seat"):
            ch.error(path, f"{'.'.join(map(str, path))}: '{value}' is not a colour the pictures know: #rgb, #rrggbb"
                           f"{', seat (each seat its own colour)' if seat_too else ''} or one of {words}")
    if "board" in look:
        colour(("look", "board"), look["board"])
    for key, (names, what) in known.items():
        for name, value in (look.get(key) or {}).items():
            if name not in names:
                ch.error(("look", key, name), f"look.{key}: '{name}' is not {what} of this game"
                         + (f" ({', '.join(map(str, names))})" if names else " (it has none)"), key=True)
            if key not in ("symbols", "glyphs"):
                colour(("look", key, name), value, seat_too=key == "zones")
    check_look_board(ch, look)


def check_look_board(ch: Checker, look: dict) -> None:
    """The drawing of a square grid's lines (`points`, `marks`, `lines`, `gap`, `plates`) and the
    seats' `shapes`: every cell one of the board (of that size, for marks given per size), the
    gap's rank one that has a next, the plates a set of board.blocks."""
    from .info import seat_names
    spec = ch.src.data
    board = spec.get("board") or {}
    grid = board.get("grid") if isinstance(board.get("grid"), dict) else None
    files, ranks, first = ((grid.get("files"), grid.get("ranks"), grid.get("first_rank", 1)) if grid
                           else (None, None, 1))
    fixed = isinstance(files, int) and isinstance(ranks, int) and isinstance(first, int)
    wants_grid = [k for k in ("points", "marks", "lines", "gap", "plates") if k in look]
    if wants_grid and grid is None:
        ch.error(("look", wants_grid[0]), f"look.{wants_grid[0]} draws a square grid's lines (board.grid)", key=True)
        return

    def cell(path: tuple, text, size=None) -> None:
        f, r = size or ((files, ranks) if fixed else (None, None))
        m = re.fullmatch(r"([a-z])(-?\d+)", str(text))
        if not m or f is not None and not (ord(m[1]) - 97 < f and 0 <= int(m[2]) - first < r):
            ch.error(path, f"'{text}' is not a cell of the board" + (f" ({f}x{r})" if f is not None else ""))
    marks = look.get("marks")
    if isinstance(marks, list):
        for j, c in enumerate(marks):
            cell(("look", "marks", j), c)
    elif isinstance(marks, dict):
        for size, cells in marks.items():
            f, r = (int(v) for v in str(size).split("x"))
            for j, c in enumerate(cells or []):
                cell(("look", "marks", size, j), c, (f, r))
    for j, line in enumerate(look.get("lines") or []):
        for c in str(line).split():
            cell(("look", "lines", j), c)
    gap = look.get("gap")
    if isinstance(gap, dict) and fixed and isinstance(gap.get("after_rank"), int) \
            and not first <= gap["after_rank"] < first + ranks - 1:
        ch.error(("look", "gap", "after_rank"), f"look.gap: rank {gap['after_rank']} has no next rank on the board "
                 f"(ranks {first} to {first + ranks - 1})")
    plates = look.get("plates")
    if plates is not None and plates not in (board.get("blocks") or {}):
        ch.error(("look", "plates"), f"look.plates: '{plates}' is not a set of board.blocks"
                 + (f" ({', '.join(board['blocks'])})" if board.get("blocks") else " (the board has none)"))
    end = spec.get("end") or {}
    for rule, words in (look.get("reasons") or {}).items():
        if rule not in end:
            ch.error(("look", "reasons", rule), f"look.reasons: the file has no end.{rule}"
                     + (f" (it has {', '.join(end)})" if end else ""), key=True)
        elif isinstance(words, list) and rule != "blocked" and len(words) > _or_cases(end[rule]):
            ch.error(("look", "reasons", rule), f"look.reasons.{rule}: {len(words)} names, but end.{rule} has "
                     f"{_or_cases(end[rule])} case(s) joined by a top-level `or`")
    seats = seat_names(spec)
    for name in look.get("shapes") or {}:
        if name not in seats:
            ch.error(("look", "shapes", name), f"look.shapes: '{name}' is not a seat of this game ({', '.join(seats)})",
                     key=True)


def _or_cases(text) -> int:
    """How many cases a condition's top-level `or`s join (1 where it does not parse: checked elsewhere)."""
    from ..lang import dsl
    try:
        node = dsl.parse(str(text), "expr")
    except dsl.DslError:
        return 1
    n, stack = 0, [node]
    while stack:
        x = stack.pop()
        if type(x) is dsl.BoolOp and x.op == "or":
            stack += [x.left, x.right]
        else:
            n += 1
    return n
