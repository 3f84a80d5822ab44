"""Every word of the grid rules language has a made-up game that uses it, and tests that run it.

docs/language.md documents the words of grid games in its '## Grid boards' section: the tables
(zone terms, actions and their options, names, functions), the pattern operators, the direction
words, and the keys, forms and listed values of its YAML examples. `documented_words` reads them
all from the document; WORDS maps each to a small made-up game in tests/data/words/ and the text
in that game that uses it. A word documented later fails `test_every_documented_word_has_a_game`
until it gets a game here.

The behaviour tests below were computed by hand from each game's rules (perft counts, legal
move lists, notations, zones, outcomes).
"""
from __future__ import annotations

import functools
import json
import random
import re
import textwrap
from pathlib import Path

import pytest
import yaml

import rulebook
from rulebook import RulebookError, load_game

try:
    from rulebook.play.measure import perft
except ImportError:                      # the older home of perft
    from rulebook.analysis import perft

ROOT = Path(__file__).resolve().parents[2]
WORDS_DIR = ROOT / "tests" / "data" / "words"
LANGUAGE = ROOT / "docs" / "language.md"
SCHEMA = Path(rulebook.__file__).resolve().parent / "source" / "schema.json"      # what `rulebook schema` prints
CELL_RE = re.compile(r"^[a-z]\d+$")


# ================================================================ the documented words
def grid_section(md: str) -> str:
    """The '## Grid boards' section of docs/language.md, up to the next '## ' heading."""
    m = re.search(r"^## Grid boards\s*$", md, re.M)
    assert m, "docs/language.md has no '## Grid boards' section"
    nxt = re.search(r"^## ", md[m.end():], re.M)
    return md[m.start(): m.end() + nxt.start() if nxt else len(md)]


def split_row(line: str) -> list[str]:
    """The cells of a Markdown table row: `|` inside backticks or escaped as `\\|` is text."""
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    cells, cur, tick, i = [], "", False, 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and line[i + 1: i + 2] == "|":
            cur += "|"
            i += 2
            continue
        if ch == "`":
            tick = not tick
        if ch == "|" and not tick:
            cells.append(cur.strip())
            cur = ""
        else:
            cur += ch
        i += 1
    cells.append(cur.strip())
    return cells


def tables(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """Every Markdown table of the text: (its header cells, lower-cased; its rows of cells)."""
    lines = text.splitlines()
    out, i = [], 0
    while i < len(lines):
        if lines[i].lstrip().startswith("|") and i + 1 < len(lines) \
                and re.match(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$", lines[i + 1]):
            header = [h.lower() for h in split_row(lines[i])]
            rows = []
            i += 2
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                rows.append(split_row(lines[i]))
                i += 1
            out.append((header, rows))
        else:
            i += 1
    return out


def spans(cell: str) -> list[str]:
    return [s.strip() for s in re.findall(r"`([^`]+)`", cell)]


def _head(span: str) -> str:
    return re.match(r"\s*([A-Za-z_][\w.]*)", span).group(1) if re.match(r"\s*[A-Za-z_]", span) else span


def table_words(section: str) -> set[str]:
    """The first column's backticked words of the zone-term, action, name and function tables,
    with the options (`key=value`) an action's row names in either column."""
    words = set()
    for header, rows in tables(section):
        kind = header[0]
        for row in rows:
            first = spans(row[0])
            rest = " ".join(row[1:])
            if kind == "zone term":
                for s in first:
                    op = re.fullmatch(r"A\s*(\S+)\s*B", s)
                    words.add("zone:" + (op.group(1) if op else _head(s)))
            elif kind == "action":
                for s in first:
                    act = _head(s)
                    words.add("action:" + act)
                    for s2 in [s] + [x for x in spans(rest) if "=" in x]:
                        for key, values in re.findall(r"(\w+)=([\w|]+)", s2):
                            for v in values.split("|"):
                                words.add(f"option:{act} {key}={v}")
            elif kind == "name":
                for s in first:
                    words.add("name:" + s)
            elif kind == "function":
                for s in first:
                    fn = _head(s)
                    words.add("function:" + fn)
                    for key in re.findall(r"(\w+)=", s):
                        words.add(f"option:{fn} {key}=")
            else:                       # a table of a new kind: its words need games too
                words.update(f"{kind}:{_head(s)}" for s in first)
    return words


def operator_words(section: str) -> set[str]:
    """The pattern operators: the backticked `A ...` forms of the paragraph after the actions."""
    m = re.search(r"^`A B` is A then B.*?(?:\n\n|\Z)", section, re.M | re.S)
    assert m, "the pattern operators paragraph (`A B` is A then B, ...) is not found"
    out = set()
    for s in spans(m.group(0)):
        if s.startswith("A"):
            op = s[1:].replace("B", "").strip()
            out.add("operator:" + (op or "sequence"))
    return out


def prose(text: str) -> str:
    """The text without its fenced code blocks (whose backticks would pair with the prose's)."""
    return re.sub(r"^```.*?^```[ \t]*$", "", text, flags=re.M | re.S)


def direction_words(section: str) -> set[str]:
    text = prose(section)
    start = text.index("**Square boards**")
    end = text.index("**Seating.**")
    out = set()
    for s in spans(text[start:end]):
        if s.startswith("["):
            out.add("direction:[forward, left]")
        elif re.fullmatch(r"[a-z]+([-_][a-z]+)*", s) and not CELL_RE.match(s):
            out.add("direction:" + ("X_Y" if "_" in s else s))
    return out


def _schema_paths(schema: dict) -> set[str]:
    out = set()

    def walk(node, path):
        if not isinstance(node, dict):
            return
        for k, v in (node.get("properties") or {}).items():
            p = f"{path}.{k}" if path else k
            out.add(p)
            walk(v, p)
        for alt in node.get("oneOf", []) + node.get("anyOf", []):
            walk(alt, path)
        if isinstance(node.get("items"), dict):
            walk(node["items"], path + ".*")
        if isinstance(node.get("additionalProperties"), dict):
            walk(node["additionalProperties"], path + ".*")
    walk(schema, "")
    return out


def _flatten(data, path, schema_paths, out):
    if isinstance(data, dict):
        for k, v in data.items():
            p = f"{path}.{k}" if path else str(k)
            if p not in schema_paths:
                p = f"{path}.*" if path else "*"
            if p in schema_paths:
                out.add(p)
            _flatten(v, p, schema_paths, out)
    elif isinstance(data, list):
        for v in data:
            _flatten(v, path + ".*", schema_paths, out)


def key_words(section: str, schema: dict) -> set[str]:
    """Keys of the game file in the section's YAML examples (those the JSON Schema declares),
    the forms a value takes (a per-seat zone, a move mapping) and the values listed in the
    examples' comments (board shapes, blocked, forward). A fragment of a phase (`priority:`,
    `legal:` shown alone) is read as keys of a phase."""
    paths = _schema_paths(schema)
    out = set()
    for block in re.findall(r"```yaml\n(.*?)```", section, re.S):
        text = textwrap.dedent(block)
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as e:
            raise AssertionError(f"docs/language.md has a ```yaml block that is not YAML:\n{text}") from e
        if not isinstance(data, dict):
            continue
        prefix = ""
        if not all(k in paths for k in data) and all(f"phases.*.{k}" in paths for k in data):
            prefix = "phases.*"
        found = set()
        _flatten(data, prefix, paths, found)
        out |= {"key:" + p for p in found}
        for name, value in (data.get("zones") or {}).items():
            if isinstance(value, dict):
                out.add("form:per-seat zone")
        phases = data.get("phases") if isinstance(data.get("phases"), list) else [data] if prefix else []
        for ph in phases:
            if isinstance(ph, dict) and isinstance(ph.get("move"), dict):
                out.add("form:move mapping")
        for shape in re.findall(r"shape:\s*(\w+)", text):
            out.add("value:shape=" + shape)
        for line in text.splitlines():  # `blocked: ...  # pass | lose | ...`
            m = re.match(r"\s*-?\s*\{?.*?\b(blocked|forward):.*?#\s*(?:\1:\s*)?([\w.| ]+\|[\w.| ]+)", line)
            if m:
                for v in m.group(2).split("|"):
                    v = v.strip().split(" ")[0]
                    out.add(f"value:{m.group(1)}={v}")
    for s in spans(prose(section)):       # `player_count: {default: N}`, `board: {grid: ...}`
        if re.match(r"[a-z_]+:\s", s):
            try:
                data = yaml.safe_load(s)
            except yaml.YAMLError:
                continue
            if isinstance(data, dict) and all(k in paths for k in data):
                found = set()
                _flatten(data, "", paths, found)
                out |= {"key:" + p for p in found}
    return out


def documented_words(md: str, schema: dict) -> set[str]:
    """Every word of the grid section, each prefixed by its category (`action:step`, ...)."""
    section = grid_section(md)
    return table_words(section) | operator_words(section) | direction_words(section) | key_words(section, schema)


# ================================================================ word -> made-up game
# Each documented word: the file of tests/data/words/ that uses it, and a regular expression
# matching that use in the file (comments left out).
WORDS: dict[str, tuple[str, str]] = {
    # zone terms
    "zone:rank": ("zones.yaml", r"home: rank 1\b"),
    "zone:ranks": ("zones.yaml", r"back: ranks 1\.\.2"),
    "zone:file": ("zones.yaml", r"left_file: file 1\b"),
    "zone:files": ("zones.yaml", r"wing: files 4\.\.5"),
    "zone:cells": ("zones.yaml", r"spot: cells c3"),
    "zone:all": ("zones.yaml", r"every: all\b"),
    "zone:NAME": ("zones.yaml", r"alias: home\b"),
    "zone:opposite": ("zones.yaml", r"far: opposite\(home\)"),
    "zone:edge": ("edges.yaml", r"goal: edge\(front\)"),
    "key:position": ("edges.yaml", r"position:\n  few: count\(mine\)"),
    "name:KIND.reserve": ("edges.yaml", r"runner\.reserve"),
    "name:files": ("edges.yaml", r"count\(mine in goal\) >= files"),
    "name:ranks": ("edges.yaml", r"ply >= 10 \* ranks"),
    "zone:|": ("zones.yaml", r"cross: rank 3 \| file 3"),
    "zone:&": ("zones.yaml", r"corner: home & wing"),
    "zone:-": ("zones.yaml", r"hollow: every - cross - back"),
    # actions and their options
    "action:step": ("steps.yaml", r"step\(ahead\)"),
    "action:slide": ("slides.yaml", r"slide\(orth, capture=yes\)"),
    "action:jump": ("jumps.yaml", r"jump\(ahead, over=any\)"),
    "action:place": ("flips.yaml", r"place\(board\)"),
    "action:flip": ("flips.yaml", r"flip\(adjacent\)"),
    "action:shoot": ("shoot.yaml", r"shoot\(straight, kind=stake\)"),
    "action:drop": ("drops.yaml", r"drop\(half\)"),
    "action:when": ("passing.yaml", r"when\(origin in start\)"),
    "action:take": ("passing.yaml", r"take\(last\)"),
    "action:shift": ("passing.yaml", r"shift\(first\(landing, east\), neighbour\(landing, west\)\)"),
    "action:custodial": ("custodial.yaml", r"slide\(orthogonal\) custodial\(orthogonal\)"),
    "action:surround": ("surround.yaml", r"surround\(orthogonal, of=theirs\.leader, by=mine\.stone, hostile=centre\)"),
    "option:custodial of=GROUP": ("hostile.yaml", r"custodial\(orthogonal, of=theirs\.stone"),
    "option:custodial by=GROUP": ("hostile.yaml", r"by=mine\.stone"),
    "option:custodial hostile=ZONE": ("hostile.yaml", r"hostile=corners\)"),
    "option:surround of=GROUP": ("surround.yaml", r"surround\(orthogonal, of=theirs\.leader"),
    "option:surround by=GROUP": ("surround.yaml", r"by=mine\.stone, hostile=centre\)"),
    "option:surround hostile=ZONE": ("surround.yaml", r"hostile=centre\)"),
    "option:slide within=ZONE": ("within.yaml", r"slide\(orthogonal, capture=yes, within=land\)"),
    "action:stride": ("strides.yaml", r"ghost: stride\(adjacent, over=mine\)"),
    "option:stride capture=yes": ("strides.yaml", r"runner: stride\(orth, capture=yes\)"),
    "option:stride capture=only": ("strides.yaml", r"stride\(diag, over=any, capture=only\)"),
    "option:stride over=mine": ("strides.yaml", r"stride\(adjacent, over=mine\)"),
    "option:stride over=theirs": ("strides.yaml", r"stride\(orth, over=theirs, capture=yes\)"),
    "option:stride over=any": ("strides.yaml", r"stride\(diag, over=any"),
    "function:one_group": ("huddle.yaml", r"one_group\(mine\) and not one_group\(theirs\)"),
    "action:turn": ("turns.yaml", r"place\(board\) turn\(corner\)"),
    "option:turn sense=cw": ("turns_ways.yaml", r"turn\(corner, sense=cw\)"),
    "option:turn sense=ccw": ("turns_ways.yaml", r"turn\(corner, sense=ccw\)"),
    "option:in_a_row of=": ("turns.yaml", r"in_a_row\(3, of=mine\)"),
    "key:board.blocks": ("turns.yaml", r"blocks:\n    corner: \[a1 b2, c3 d4\]"),
    "key:end.lose": ("turns.yaml", r"lose: in_a_row\(3, of=theirs\)"),
    "action:enclose": ("enclose.yaml", r"enclose\(orthogonal, ko=option\.strict\)"),
    "option:enclose ko=no": ("enclose.yaml", r"enclose\(orthogonal, ko=option\.strict\)"),
    "option:enclose ko=yes": ("enclose.yaml", r"enclose\(orthogonal, ko=option\.strict\)"),
    "option:enclose ko=super": ("enclose.yaml", r"enclose\(orthogonal, ko=option\.strict\)"),
    "option:enclose ko=option": ("enclose.yaml", r"enclose\(orthogonal, ko=option\.strict\)"),
    "function:area": ("enclose.yaml", r"area\(mine, orthogonal\)"),
    "key:end.pass": ("enclose.yaml", r"pass: always"),
    "action:hop": ("hop.yaml", r"hop\(orth\)"),
    "function:faces": ("legs.yaml", r"faces\(mine\.lord, ahead, theirs\.lord\)"),
    "key:board.grid.first_rank": ("legs.yaml", r"first_rank: 0"),
    "key:board.grid.names": ("hands.yaml", r"names: 1a"),
    "key:pieces.*.hand": ("hands.yaml", r"hand: pup"),
    "key:pieces.*.promote.optional": ("hands.yaml", r"optional: true"),
    "key:pieces.*.promote.leaving": ("hands.yaml", r"leaving: true"),
    "key:pieces.*.promote.must_in": ("hands.yaml", r"must_in: last_rank"),
    "key:notation.placement": ("hands.yaml", r'placement: "\*"'),
    "function:along": ("hands.yaml", r"along\(mine\.pup, landing, file_line\) == 0"),
    "name:placed": ("hands.yaml", r"placed and last in mine\.pup"),
    "function:always_attacked": ("perpetual.yaml", r"always_attacked\(theirs\.chief\)"),
    "key:notation.path": ("legs.yaml", r"path: ends"),
    "key:board.graph": ("points.yaml", r"  graph:"),
    "key:board.graph.cells": ("points.yaml", r"cells: \{a1: \[0, 0\]"),
    "key:board.graph.links": ("points.yaml", r"links:\n      east: \[a1 b1"),
    "key:board.graph.opposite": ("points.yaml", r"opposite: \{east: west"),
    "action:sow": ("sowing.yaml", r"sow\(pits, along=ccw"),
    "option:sow along=D": ("sowing.yaml", r"along=ccw"),
    "option:sow skip=ZONE": ("sowing.yaml", r"skip=opponent\.store"),
    "option:sow store=ZONE": ("sowing.yaml", r"store=store"),
    "option:sow again=yes": ("sowing.yaml", r"again=yes"),
    "option:sow facing=D": ("sowing.yaml", r"facing=across"),
    "option:sow capture=yes": ("sowing.yaml", r"capture=option\.lone"),
    "option:sow capture=lone": ("sowing.yaml", r"capture=option\.lone"),
    "option:sow capture=option": ("sowing.yaml", r"capture=option\.lone"),
    "key:board.ring": ("sowing.yaml", r"  ring: \{pits: 3\}"),
    "key:board.ring.pits": ("sowing.yaml", r"pits: 3"),
    "key:pieces.*.count": ("sowing.yaml", r"count: 2\}"),
    "direction:ccw": ("sowing.yaml", r"along=ccw"),
    "direction:across": ("sowing.yaml", r"facing=across"),
    "key:board.lines": ("mills.yaml", r"lines: \[a1 b1 c1"),
    "function:in_line": ("mills.yaml", r"when\(in_line\(landing, others\)\)"),
    "function:outside_lines": ("mills.yaml", r"remove\(outside_lines\(theirs\) if"),
    "action:remove": ("mills.yaml", r"remove\(theirs\)"),
    "name:opponent.reserve": ("mills.yaml", r"count\(theirs\) \+ opponent\.reserve < 3"),
    "action:fly": ("flights.yaml", r"fly\(middle\)"),
    "key:notation.short": ("short.yaml", r"short: \{plain"),
    "key:notation.short.plain": ("short.yaml", r"plain: \[guard\]"),
    "key:notation.short.check": ("short.yaml", r'check: "\+"'),
    "key:notation.short.win": ("short.yaml", r'win: "#"'),
    "key:notation.sgf": ("short.yaml", r"sgf: 7"),
    "option:step capture=yes": ("steps.yaml", r"step\(knight, capture=yes\)"),
    "option:step capture=only": ("steps.yaml", r"step\(slant, capture=only\)"),
    "option:slide capture=yes": ("slides.yaml", r"slide\(orth, capture=yes\)"),
    "option:slide capture=only": ("slides.yaml", r"slide\(diag, capture=only\)"),
    "option:jump capture=yes": ("captures.yaml", r"jump\(orth, over=theirs, capture=yes\)\+"),
    "option:jump over=any": ("owners.yaml", r"jump\(adjacent, over=any\)"),
    "option:jump over=mine": ("owners.yaml", r"jump\(adjacent, over=mine\)"),
    "option:jump over=theirs": ("owners.yaml", r"jump\(adjacent, over=theirs\)"),
    "option:place kind=K": ("reserves.yaml", r"place\(board, kind=peg\)"),
    "option:place onto=theirs": ("connect.yaml", r"place\(rim, onto=theirs\)"),
    "option:drop count=N": ("drops.yaml", r"drop\(second, count=2\)"),
    "option:drop count=all": ("drops.yaml", r"drop\(edge, count=all\)"),
    "option:in_a_row exact=": ("rows.yaml", r"in_a_row\(3, exact=option\.strict\)"),
    # names
    "name:mine": ("flips.yaml", r"count\(mine\)"),
    "name:theirs": ("captures.yaml", r"count\(theirs\) == 0"),
    "name:KIND": ("slides.yaml", r"count\(rook\) \+ count\(lancer\)"),
    "name:mine.KIND": ("crowns.yaml", r"count\(mine\.man\)"),
    "name:theirs.KIND": ("slides.yaml", r"count\(theirs\.rook\)"),
    "name:empty": ("flips.yaml", r"count\(empty\) == 0"),
    "name:others": ("race.yaml", r"none\(others in camp\)"),
    "name:landing": ("gravity.yaml", r"neighbour\(landing, south\)"),
    "name:origin": ("race.yaml", r"origin in start"),
    "name:last": ("gravity.yaml", r"neighbour\(last, north\)"),
    "name:ZONE": ("flips.yaml", r"mine in corners"),
    "name:opponent.ZONE": ("steps.yaml", r"opponent\.home"),
    "name:DIRECTIONS": ("steps.yaml", r"step\(ahead\)"),
    "name:ply": ("race.yaml", r"ply >= option\.max_plies"),
    "name:passes": ("flips.yaml", r"passes >= 1"),
    "name:reserve": ("drops.yaml", r"reserve == 0"),
    "name:players": ("star.yaml", r"10 \* players"),
    "name:quiet": ("crowns.yaml", r"quiet >= 6"),
    "name:passed": ("passing.yaml", r"landing == passed"),
    "name:repeated": ("passing.yaml", r"repeated >= 3"),
    "name:stuck": ("flips.yaml", r"and stuck"),
    "name:all_stuck": ("gravity.yaml", r"or all_stuck"),
    # functions
    "function:count": ("flips.yaml", r"count\(mine in corners\)"),
    "function:all": ("race.yaml", r"all\(mine in upper\)"),
    "function:none": ("race.yaml", r"none\(others in"),
    "function:any": ("steps.yaml", r"any\(mine in opponent\.home\)"),
    "function:size": ("zones.yaml", r"size\(far\)"),
    "function:advance": ("race.yaml", r"advance\(mine\) - advance\(theirs\)"),
    "function:in_a_row": ("gravity.yaml", r"in_a_row\(3\)"),
    "function:open_rows": ("open_rows.yaml", r"open_rows\(3, 2\) -"),
    "option:open_rows of=": ("open_rows.yaml", r"open_rows\(3, 2, of=theirs\)"),
    "function:connected": ("connect.yaml", r"connected\(near, far\)"),
    "function:neighbour": ("gravity.yaml", r"neighbour\(landing, south\)"),
    "function:first": ("gravity.yaml", r"first\(last, south\)"),
    "function:empty": ("gravity.yaml", r"empty\(neighbour"),
    "function:occupied": ("gravity.yaml", r"occupied\(last\)"),
    "function:friend": ("rows.yaml", r"friend\(neighbour\(landing, east\)\)"),
    "function:enemy": ("rows.yaml", r"enemy\(neighbour\(landing, west\)\)"),
    "function:attacked": ("guards.yaml", r"attacked\(mine\.chief\)"),
    # pattern operators
    "operator:sequence": ("shoot.yaml", r"step\(adjacent\) shoot\("),
    "operator:|": ("steps.yaml", r"step\(ahead\) \| step\(slant"),
    "operator:+": ("jumps.yaml", r"jump\(ahead, over=any\)\+ "),
    "operator:*": ("jumps.yaml", r"jump\(side, over=mine\)\*"),
    "operator:?": ("flips.yaml", r"flip\(adjacent\)\?"),
    "operator:++": ("crowns.yaml", r"capture=yes\)\+\+"),
    "operator:*+": ("captures.yaml", r"capture=yes\)\*\+"),
    # direction words
    "direction:north": ("slides.yaml", r"\[north, east, south, west\]"),
    "direction:east": ("slides.yaml", r"\[north, east, south, west\]"),
    "direction:south": ("slides.yaml", r"\[north, east, south, west\]"),
    "direction:west": ("slides.yaml", r"\[north, east, south, west\]"),
    "direction:north-east": ("hexagon.yaml", r"up: \[north-east, north-west\]"),
    "direction:north-west": ("hexagon.yaml", r"up: \[north-east, north-west\]"),
    "direction:south-east": ("hexagon.yaml", r"down: \[south-east, south-west\]"),
    "direction:south-west": ("slides.yaml", r"south-west, north-west\]"),
    "direction:front": ("crowns.yaml", r"ahead: \[front\]"),
    "direction:front-left": ("steps.yaml", r"slant: \[front-left, front-right\]"),
    "direction:front-right": ("steps.yaml", r"slant: \[front-left, front-right\]"),
    "direction:left": ("jumps.yaml", r"side: \[left, right\]"),
    "direction:right": ("jumps.yaml", r"side: \[left, right\]"),
    "direction:back": ("crowns.yaml", r"straight: \[front, back, left, right\]"),
    "direction:back-left": ("race.yaml", r"back-left, back-right\]"),
    "direction:back-right": ("race.yaml", r"back-left, back-right\]"),
    "direction:X_Y": ("slides.yaml", r"step\(south_west\)"),
    "direction:adjacent": ("shoot.yaml", r"step\(adjacent\)"),
    "direction:[forward, left]": ("steps.yaml", r"knight: \[\[2, 1\], \[2, -1\]\]"),
    # keys of the game file
    "key:players": ("steps.yaml", r"^players:"),
    "key:players.*.name": ("steps.yaml", r"\{name: up, forward: north\}"),
    "key:players.*.forward": ("steps.yaml", r"forward: south"),
    "key:player_count": ("star.yaml", r"^player_count:"),
    "key:player_count.default": ("star.yaml", r"player_count: \{default: 3\}"),
    "key:seating": ("star.yaml", r"^seating:\n  2: \[p90, p270\]"),
    "key:board": ("steps.yaml", r"^board:"),
    "key:board.grid": ("steps.yaml", r"grid: \{files: 5, ranks: 5\}"),
    "key:board.grid.files": ("steps.yaml", r"files: 5"),
    "key:board.grid.ranks": ("steps.yaml", r"ranks: 5"),
    "key:board.cells": ("race.yaml", r"cells: \(file \+ rank\) % 2 == 1"),
    "key:board.hex": ("connect.yaml", r"hex: \{shape: rhombus"),
    "key:board.hex.shape": ("hexagon.yaml", r"shape: hexagon"),
    "key:board.hex.files": ("connect.yaml", r"files: 4, ranks: 4\}"),
    "key:board.hex.ranks": ("connect.yaml", r"files: 4, ranks: 4\}"),
    "key:directions": ("steps.yaml", r"^directions:"),
    "key:zones": ("zones.yaml", r"^zones:"),
    "key:pieces": ("steps.yaml", r"^pieces:"),
    "key:pieces.*.start": ("steps.yaml", r"pike: \{start: home\}"),
    "key:pieces.*.reserve": ("drops.yaml", r"seed: \{reserve: 3\}"),
    "key:pieces.*.promote": ("crowns.yaml", r"promote: \{"),
    "key:pieces.*.promote.to": ("crowns.yaml", r"to: \[king, duke\]"),
    "key:pieces.*.promote.in": ("crowns.yaml", r"in: opponent\.home"),
    "key:pieces.*.resets_quiet": ("crowns.yaml", r"resets_quiet: true"),
    "key:pieces.*.neutral": ("shoot.yaml", r"stake: \{neutral: true\}"),
    "key:pieces.*.moved": ("passing.yaml", r"moved: tower"),
    "key:pieces.*.symbol": ("passing.yaml", r"symbol: t"),
    "key:notation": ("passing.yaml", r"^notation:"),
    "key:notation.join": ("passing.yaml", r'join: ""'),
    "key:notation.capture": ("passing.yaml", r'capture: ":"'),
    "key:notation.promotion": ("passing.yaml", r'promotion: "/"'),
    "key:notation.kinds": ("passing.yaml", r"kinds: symbol"),
    "key:notation.drops": ("opening.yaml", r"drops: by_file"),
    "key:phases.*.plies": ("opening.yaml", r"plies: 1\b"),
    "key:phases": ("steps.yaml", r"^phases:"),
    "key:phases.*.name": ("steps.yaml", r"- name: play"),
    "key:phases.*.turns": ("drops.yaml", r"turns: 1"),
    "key:phases.*.let": ("race.yaml", r"let:\n      past:"),
    "key:phases.*.move": ("steps.yaml", r"move: step"),
    "key:phases.*.landing": ("race.yaml", r"landing:\n      alone:"),
    "key:phases.*.priority": ("crowns.yaml", r"priority: capture"),
    "key:phases.*.legal": ("guards.yaml", r"legal:\n      safe:"),
    "key:end": ("steps.yaml", r"^end:"),
    "key:end.win": ("steps.yaml", r"win: any"),
    "key:end.draw": ("crowns.yaml", r"draw: quiet >= 6"),
    "key:end.over": ("flips.yaml", r"over: count\(empty\)"),
    "key:end.blocked": ("steps.yaml", r"blocked: lose"),
    "key:scoring": ("flips.yaml", r"^scoring:\n  discs:"),
    "key:evaluate": ("race.yaml", r"^evaluate:"),
    # forms of values
    "form:per-seat zone": ("flips.yaml", r"centre:\n    light: cells b2 c3"),
    "form:move mapping": ("crowns.yaml", r"move:\n      man:"),
    # values listed by the examples
    "value:shape=rhombus": ("connect.yaml", r"shape: rhombus"),
    "value:shape=hexagon": ("hexagon.yaml", r"shape: hexagon, size: 3"),
    "value:shape=star": ("star.yaml", r"shape: star, size: 2"),
    "value:blocked=pass": ("flips.yaml", r"blocked: pass"),
    "value:blocked=lose": ("steps.yaml", r"blocked: lose"),
    "value:blocked=draw": ("star.yaml", r"blocked: draw"),
    "value:blocked=option.NAME": ("race.yaml", r"blocked: option\.stuck_rule"),
    "value:forward=north": ("steps.yaml", r"forward: north"),
    "value:forward=south": ("steps.yaml", r"forward: south"),
    "value:forward=east": ("zones.yaml", r"forward: east"),
    "value:forward=west": ("zones.yaml", r"forward: west"),
    "value:forward=degrees": ("star.yaml", r"forward: 30\}"),
}


def _without_comments(text: str) -> str:
    return "\n".join(re.sub(r"(^|\s)#.*$", "", line).rstrip() for line in text.splitlines())


@functools.lru_cache(maxsize=None)
def _documented() -> frozenset[str]:
    return frozenset(documented_words(LANGUAGE.read_text(encoding="utf-8"), json.loads(SCHEMA.read_text())))


def test_the_reader_finds_the_known_words():
    """A guard against a reader that silently finds nothing: words of every table and form."""
    known = {"zone:opposite", "zone:&", "action:shoot", "option:jump over=mine", "option:drop count=all",
             "name:stuck", "name:opponent.ZONE", "function:in_a_row", "function:neighbour",
             "option:in_a_row exact=", "operator:*+", "operator:sequence", "direction:front-left",
             "direction:[forward, left]", "key:pieces.*.resets_quiet", "key:phases.*.priority",
             "key:end.over", "key:seating", "key:player_count", "form:per-seat zone", "form:move mapping",
             "value:shape=star", "value:blocked=draw", "value:forward=degrees"}
    assert known <= _documented()


def test_every_documented_word_has_a_game():
    missing = sorted(_documented() - set(WORDS))
    assert not missing, f"documented in docs/language.md but no made-up game in WORDS: {missing}"


@pytest.mark.parametrize("word", sorted(WORDS))
def test_the_game_of_each_word_uses_it(word):
    name, pattern = WORDS[word]
    text = _without_comments((WORDS_DIR / name).read_text(encoding="utf-8"))
    assert re.search(pattern, text, re.M), f"{name} does not use {word} (no match for {pattern!r})"


@pytest.mark.parametrize("name", sorted({f for f, _ in WORDS.values()}))
def test_every_word_game_checks_clean(name):
    rulebook.check_file(WORDS_DIR / name)


# ================================================================ short.yaml: the short notation
def test_short_notation_names_plain_kinds_by_cell_others_by_letter_and_marks_a_check():
    g = game("short.yaml")
    st = g.position({"white": {"chief": ["a1"], "guard": ["b1"]}, "black": {"chief": ["d4"], "guard": ["c3"]}},
                    to_move="white")
    assert sorted(g.short.names(st).values()) == ["Ca2", "Cb2", "b2", "b3", "b4+", "c1", "d1+"]


# ================================================================ helpers
@functools.lru_cache(maxsize=None)
def game(name: str, players: int | None = None, **options):
    return load_game(WORDS_DIR / name, {k: str(v) for k, v in options.items()} or None, players)


def texts(g, st) -> list[str]:
    return sorted(g.move_str(m) for m in g.legal_moves(st))


def play(g, st, *moves):
    for text in moves:
        st = g.apply(st, g.parse_move(st, text))
    return st


def pieces(g, st) -> dict:
    return g.position_json(st)["pieces"]


def cells(g, zone: str, seat: int) -> list[str]:
    return [g.geo.name(i) for i in g.zone_cells[zone][seat]]


# ================================================================ steps.yaml: step, capture=yes|only, offsets
def test_steps_perft_from_the_start():
    # up's pikes a1..e1: 5 steps ahead; knight offsets [2, 1] (two ahead, one left) and [2, -1]:
    # b1>a3 c1>b3 d1>c3 e1>d3 and a1>b3 b1>c3 c1>d3 d1>e3; no diagonal capture -> 13. Down's
    # replies never meet up's pieces except by knight landings, which capture=yes allows -> 13 x 13
    g = game("steps.yaml")
    st = g.initial_state()
    assert perft(g, st, 1) == 13
    assert perft(g, st, 2) == 169
    assert "b1-a3" in texts(g, st) and "a1-b3" in texts(g, st)


def test_steps_capture_only_and_capture_yes():
    g = game("steps.yaml")
    st = g.position({"up": ["c3"], "down": ["b4", "c4", "d5"]}, to_move="up")
    # c4 is taken: no plain step; b4 captured diagonally (only captures), d4 empty: no diagonal step;
    # knight: b5 (empty) and d5 (enemy, captured)
    assert texts(g, st) == ["c3-b5", "c3xb4", "c3xd5"]
    after = play(g, st, "c3xb4")
    assert pieces(g, after) == {"up": ["b4"], "down": ["c4", "d5"]}


def test_steps_win_in_the_opponents_home_and_blocked_lose():
    g = game("steps.yaml")
    st = g.position({"up": ["c3"], "down": ["b4", "c4", "d5"]}, to_move="up")
    assert g.outcome(play(g, st, "c3xd5")).winners == ("up",)      # rank 5 is down's home
    # down's a2 faces up's a1, has nothing to capture on b1 and no knight leap south of rank 2
    st = g.position({"up": ["a1", "c3"], "down": ["a2"]}, to_move="up")
    end = play(g, st, "c3-c4")
    assert g.is_over(end) and g.outcome(end).winners == ("up",)


def test_explain_a_move_no_pattern_makes():
    g = game("steps.yaml")
    st = g.position({"up": ["c3"], "down": ["b4", "c4", "d5"]}, to_move="up")
    assert g.explain(st, "c3-c5") == "'c3-c5': no pattern of phase 'play' reaches c5 from c3"
    assert g.explain(st, "c3-b5") == "'c3-b5' is legal"


# ================================================================ slides.yaml: slide, capture=yes|only, kinds
def test_slides_perft_from_the_start():
    # white: rook a1 north a2..a5 and east b1 (c1 is its lancer) = 5, lancer c1 steps b2 d2 = 2.
    # black: rook e5 south e4..e1, west d5, its south_west step d4 = 6; lancer c5 steps b4 d4 = 2;
    # and only after white's a1-a3 the lancer's diagonal c5-b4-a3 meets an enemy: 6 x 8 + 9
    g = game("slides.yaml")
    st = g.initial_state()
    assert texts(g, st) == ["a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-b1", "c1-b2", "c1-d2"]
    assert perft(g, st, 2) == 57
    assert "c5xa3" in texts(g, play(g, st, "a1-a3"))


def test_slides_capture_yes_and_only():
    g = game("slides.yaml")
    st = g.position({"white": {"rook": ["c3"], "lancer": ["a1"]},
                     "black": {"rook": ["e3"], "lancer": ["c5", "b2"]}}, to_move="white")
    # the rook slides each way until a piece, capturing it if it is an enemy; its south_west step
    # meets b2 (taken: a step does not capture). The lancer a1 cannot step onto b2, but its slide
    # captures the first piece met.
    assert texts(g, st) == ["a1xb2", "c3-a3", "c3-b3", "c3-c1", "c3-c2", "c3-c4", "c3-d3", "c3xc5", "c3xe3"]
    st = g.position({"white": {"lancer": ["a1"], "rook": ["e1"]}, "black": {"rook": ["d4"]}}, to_move="white")
    assert [m for m in texts(g, st) if m.startswith("a1")] == ["a1-b2", "a1xd4"]


def test_slides_win_by_taking_the_rook_and_draw_by_material():
    g = game("slides.yaml")
    st = g.position({"white": {"rook": ["c3"], "lancer": ["a1"]},
                     "black": {"rook": ["e3"], "lancer": ["c5", "b2"]}}, to_move="white")
    assert g.outcome(play(g, st, "c3xe3")).winners == ("white",)
    st = g.position({"white": {"rook": ["c3"]}, "black": {"rook": ["e5"], "lancer": ["c5"]}}, to_move="white")
    end = play(g, st, "c3xc5")                    # two pieces left in all: count(rook) + count(lancer)
    assert g.is_over(end) and g.outcome(end).winners == ()
    assert g.outcome(end).scores == {"white": 0.5, "black": 0.5}


# ================================================================ jumps.yaml: +, *, ?, sequence, identity
def test_jumps_perft_from_the_start():
    # a1 and e1 step ahead two ways, b1 c1 d1 three ways; no jump, no free side cell: 13
    g = game("jumps.yaml")
    st = g.initial_state()
    assert not g.general                          # one kind, no capture: the plain generator
    assert perft(g, st, 1) == 13
    assert perft(g, st, 2) == 169


def test_jump_chains_merge_and_an_optional_step_follows():
    g = game("jumps.yaml")
    st = g.position({"green": ["c1"], "brown": ["b2", "d2", "b4", "d4"]}, to_move="green")
    # step c2; jumps over b2 to a3 and over d2 to e3, each on over b4 / d4 to c5 (two paths, one
    # move); a step after the jumps: a4, e4; sideways steps b1, d1 (no own frog to leap)
    assert texts(g, st) == ["c1-a3", "c1-a4", "c1-b1", "c1-c2", "c1-c5", "c1-d1", "c1-e3", "c1-e4"]
    assert len(g.legal_moves(st)) == 8
    assert g.outcome(play(g, st, "c1-c5")).winners == ("green",)


def test_jumps_over_own_frogs_never_over_the_origin():
    g = game("jumps.yaml")
    st = g.position({"green": ["b1", "d1"], "brown": ["a5"]}, to_move="green")
    # b1: steps a2 b2 c2; sideways a1 (back over b1 is over the origin: no), c1 then over d1 to e1.
    # d1: steps c2 d2 e2; sideways e1 (back over the origin: no), c1 then over b1 to a1
    assert texts(g, st) == ["b1-a1", "b1-a2", "b1-b2", "b1-c1", "b1-c2", "b1-e1",
                            "d1-a1", "d1-c1", "d1-c2", "d1-d2", "d1-e1", "d1-e2"]


# ================================================================ owners.yaml: over=any|mine|theirs
@pytest.mark.parametrize("kind, expected", [("leaper", ["b2-b4", "b2-d2", "b2-d4"]),
                                            ("tumbler", ["b2-b4"]),
                                            ("raider", ["b2-d2"])])
def test_jump_over_whose_pieces(kind, expected):
    g = game("owners.yaml")
    # around b2: its own leaper on b3, an enemy on c2, a neutral pebble on c3
    own = {kind: ["b2"], "leaper": ["b3"]} if kind != "leaper" else {"leaper": ["b2", "b3"]}
    st = g.position({"east_side": own, "west_side": {"raider": ["c2"]}, "nobody": {"pebble": ["c3"]}},
                    to_move="east_side")
    assert [m for m in texts(g, st) if m.startswith("b2")] == expected


def test_theirs_leaves_out_pieces_of_nobody():
    g = game("owners.yaml")
    st = g.position({"east_side": {"leaper": ["a1"]}, "nobody": {"pebble": ["b1"]}}, to_move="east_side")
    assert texts(g, st) == ["a1-c1"]
    assert g.outcome(play(g, st, "a1-c1")).winners == ("east_side",)   # count(theirs) == 0 with a pebble


# ================================================================ captures.yaml: +, ++, *+ with captures
RING = ["a2", "b3", "c2", "b1"]       # four blue pieces around b2, reached from a1 by straight jumps


def test_captures_perft_from_the_start():
    # each hopper steps north only (its neighbours on rank 1 are its own): 5, and blue's 5. Then a
    # red piece on x2 steps N, S and sideways, the rank-1 pieces north and into x1: 6 + 2 x (the
    # neighbours of file x): a and e give 8, b c d give 10 -> 5 x (8 + 10 + 10 + 10 + 8)
    g = game("captures.yaml")
    st = g.initial_state()
    assert [perft(g, st, d) for d in (1, 2, 3)] == [5, 25, 230]


def test_plain_repetition_may_stop_and_never_jumps_a_captured_piece_twice():
    g = game("captures.yaml")
    st = g.position({"red": {"hopper": ["a1"]}, "blue": {"hopper": RING}}, to_move="red")
    # round the ring either way, stopping after any capture; the fourth capture lands on the
    # origin (it counts as empty) and the first piece taken cannot be jumped again
    assert texts(g, st) == ["a1xa3", "a1xa3xc3", "a1xa3xc3xc1", "a1xa3xc3xc1xa1",
                            "a1xc1", "a1xc1xc3", "a1xc1xc3xa3", "a1xc1xc3xa3xa1"]
    end = play(g, st, "a1xa3xc3xc1xa1")
    assert pieces(g, end) == {"red": ["a1"]} and g.outcome(end).winners == ("red",)


def test_possessive_repetition_goes_on_while_it_can():
    g = game("captures.yaml")
    st = g.position({"red": {"hunter": ["a1"]}, "blue": {"hopper": RING}}, to_move="red")
    assert texts(g, st) == ["a1xa3xc3xc1xa1", "a1xc1xc3xa3xa1"]
    assert "a1xa3" not in texts(g, st)
    assert g.explain(st, "a1xa3") == "'a1xa3' stops early: the move goes on (a1xa3xc3xc1xa1)"


def test_possessive_star_after_a_step():
    g = game("captures.yaml")
    # a step, then captures for as long as they go on (none at all when there is nothing to take)
    st = g.position({"red": {"charger": ["a1"]}, "blue": {"hopper": ["b2", "c3"]}}, to_move="red")
    assert texts(g, st) == ["a1-a2xc2xc4", "a1-b1xb3xd3"]
    st = g.position({"red": {"charger": ["a1"]}, "blue": {"hopper": ["d4"]}}, to_move="red")
    assert texts(g, st) == ["a1-a2", "a1-b1"]
    st = g.position({"red": {"charger": ["a1"]}, "blue": {"hopper": RING}}, to_move="red")
    assert texts(g, st) == []                      # boxed in: the step comes first
    assert g.is_over(st) and g.outcome(st).winners == ("blue",)     # blocked: lose


# ================================================================ crowns.yaml: priority, ++, promote, quiet
def test_crowns_perft_from_the_start():
    g = game("crowns.yaml")
    st = g.initial_state()
    assert [perft(g, st, d) for d in (1, 2)] == [5, 25]


def test_capture_priority_and_a_forced_chain():
    g = game("crowns.yaml")
    st = g.position({"up": {"man": ["c2", "a1"]}, "down": {"man": ["b2", "a3"], "king": ["e5"]}}, to_move="up")
    # c2 jumps b2 (to its left) to a2, and must go on over a3 to a4; the plain steps are not legal
    assert texts(g, st) == ["c2xa2xa4"]
    assert g.explain(st, "a1-a2") == ("'a1-a2': a capture is possible, and phase 'play' then allows only "
                                      "capturing moves")
    assert g.explain(st, "c2xa2") == "'c2xa2' stops early: the move goes on (c2xa2xa4)"


def test_promotion_choices_are_separate_moves():
    g = game("crowns.yaml")
    st = g.position({"up": {"man": ["b4"]}, "down": {"man": ["e5"]}}, to_move="up")
    moves = [m for m in g.legal_moves(st) if g.move_str(m).startswith("b4-b5")]
    assert sorted(g.move_str(m) for m in moves) == ["b4-b5=duke", "b4-b5=king"]
    kinds = sorted(next(iter(pieces(g, g.apply(st, m))["up"])) for m in moves)
    assert kinds == ["duke", "king"]
    # a man that does not reach the far rank stays a man
    st = g.position({"up": {"man": ["b3"]}, "down": {"man": ["e5"]}}, to_move="up")
    assert pieces(g, play(g, st, "b3-b4"))["up"] == ["b4"]


def test_promotion_choices_have_distinct_notations():
    g = game("crowns.yaml")
    st = g.position({"up": {"man": ["b4"]}, "down": {"man": ["e5"]}}, to_move="up")
    notations = [g.move_str(m) for m in g.legal_moves(st)]
    assert len(set(notations)) == len(notations)


def test_quiet_counts_plies_without_a_capture_or_a_mans_move():
    g = game("crowns.yaml")
    st = g.position({"up": {"king": ["a1"], "man": ["c1"]}, "down": {"king": ["e5"]}}, to_move="up", quiet=5)
    end = play(g, st, "a1-b2")                    # a king's move: quiet 6 -> draw
    assert g.is_over(end) and g.outcome(end).winners == ()
    after = play(g, st, "c1-c2")                   # a man's move (resets_quiet) starts again
    assert not g.is_over(after) and g.position_json(after)["quiet"] == 0
    st = g.position({"up": {"king": ["a1"]}, "down": {"man": ["b2"], "king": ["e5"]}}, to_move="up", quiet=5)
    assert texts(g, st) == ["a1xc3"]               # priority: the capture only
    after = play(g, st, "a1xc3")
    assert not g.is_over(after) and g.position_json(after)["quiet"] == 0


def test_crowns_win_by_taking_the_last_piece():
    g = game("crowns.yaml")
    st = g.position({"up": {"king": ["c3"]}, "down": {"man": ["c4"]}}, to_move="up")
    assert texts(g, st) == ["c3xc5"]
    assert g.outcome(play(g, st, "c3xc5")).winners == ("up",)


# ================================================================ flips.yaml: place, flip, flip?, over, scoring
def test_flips_perft_from_the_start():
    # opening: the flip is compulsory. light (b2 c3) can close dark b3 or c2 only from c1 d2 a3 b4;
    # after each, dark has 3 placements that close a line of light
    g = game("flips.yaml")
    st = g.initial_state()
    # a placement that flips is marked `*` in a game where flipping is optional somewhere
    assert texts(g, st) == ["a3*", "b4*", "c1*", "d2*"]
    assert perft(g, st, 2) == 12
    assert pieces(g, play(g, st, "c1*")) == {"light": ["c1", "b2", "c2", "c3"], "dark": ["b3"]}


def _flip_play_position(g):
    return g.position({"light": ["b2", "c3"], "dark": ["b3", "c2"]}, to_move="light")   # ply 2: phase play


def test_optional_flip_every_empty_cell_and_both_choices():
    g = game("flips.yaml")
    st = _flip_play_position(g)
    assert sorted({t.rstrip("*") for t in texts(g, st)}) == ["a1", "a2", "a3", "a4", "b1", "b4", "c1", "c4", "d1",
                                                            "d2", "d3", "d4"]
    results = sorted(sorted(pieces(g, g.apply(st, m))["light"]) for m in g.legal_moves(st)
                     if g.move_str(m).rstrip("*") == "c1")
    assert results == [["b2", "c1", "c2", "c3"], ["b2", "c1", "c3"]]       # with the flip, and without


def test_optional_flip_moves_have_distinct_notations():
    g = game("flips.yaml")
    st = _flip_play_position(g)
    notations = [g.move_str(m) for m in g.legal_moves(st)]
    assert len(set(notations)) == len(notations)


def test_over_when_full_the_score_decides():
    g = game("flips.yaml")
    light = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]
    dark = ["a3", "b3", "c3", "d3", "a4", "b4", "c4"]
    st = g.position({"light": light, "dark": dark}, to_move="dark")
    assert texts(g, st) == ["d4"]                 # nothing to flip from d4: one move
    end = play(g, st, "d4")
    out = g.outcome(end)
    assert out.over and out.winners == ()         # 8 discs + 2 corners each: 12 all
    assert out.scores == {"light": 12.0, "dark": 12.0}
    assert out.breakdown == {"light": {"discs": 8, "corners": 4}, "dark": {"discs": 8, "corners": 4}}
    st = g.position({"light": light, "dark": dark}, to_move="light")
    outs = {(g.outcome(g.apply(st, m)).winners, json.dumps(g.outcome(g.apply(st, m)).breakdown, sort_keys=True))
            for m in g.legal_moves(st)}
    # d4 without a flip (9 + 3 corners against 7 + 1), and turning d3 and c3 (11 + 3 against 5 + 1)
    assert outs == {(("light",), json.dumps({"light": {"discs": 9, "corners": 6},
                                             "dark": {"discs": 7, "corners": 2}}, sort_keys=True)),
                    (("light",), json.dumps({"light": {"discs": 11, "corners": 6},
                                             "dark": {"discs": 5, "corners": 2}}, sort_keys=True))}


def test_stuck_after_a_pass_ends_the_game():
    g = game("flips.yaml")
    # opening phase (ply 0): no line can be closed by either player
    st = g.position({"light": ["a1", "b1"], "dark": ["d4"]}, to_move="light", ply=0)
    assert texts(g, st) == ["pass"]               # blocked: pass
    end = play(g, st, "pass")
    out = g.outcome(end)
    assert out.over and out.winners == ("light",) and out.scores == {"light": 4.0, "dark": 3.0}
    # a pass with a move left for the other player does not end it
    st = g.position({"light": ["a2"], "dark": ["a1"]}, to_move="light", ply=0)
    assert texts(g, st) == ["pass"]
    after = play(g, st, "pass")
    assert not g.is_over(after) and texts(g, after) == ["a3*"]


# ================================================================ shoot.yaml: shoot a neutral kind
def test_shoot_from_the_start():
    # the archer a1 steps to a2, b1 or b2, then shoots straight from there over empty cells; the
    # origin a1 has been left, so a stake may land there: 6 + 6 + 6
    g = game("shoot.yaml")
    st = g.initial_state()
    assert perft(g, st, 1) == 18
    assert [m for m in texts(g, st) if m.startswith("a1-a2/")] == ["a1-a2/a1", "a1-a2/a3", "a1-a2/a4",
                                                                    "a1-a2/b2", "a1-a2/c2", "a1-a2/d2"]


def test_shoot_stops_at_pieces_and_stakes_belong_to_nobody():
    g = game("shoot.yaml")
    st = g.position({"gold": ["b2"], "jade": ["d4"], "nobody": {"stake": ["b4", "d2"]}}, to_move="gold")
    # landings a1 a2 a3 b1 b3 c1 c2 c3 shoot 6 5 6 5 5 6 5 6 times (b2, left, counts as empty)
    assert perft(g, st, 1) == 44
    assert "b2-b1/b3" in texts(g, st) and "b2-b1/b4" not in texts(g, st) and "b2-a2/c2" in texts(g, st)
    after = play(g, st, "b2-c3/c4")
    assert pieces(g, after) == {"gold": ["c3"], "jade": ["d4"], "nobody": {"stake": ["d2", "b4", "c4"]}}
    assert not g.is_over(after)


def test_shoot_a_boxed_archer_loses():
    g = game("shoot.yaml")
    st = g.position({"gold": ["a1"], "jade": ["d4"], "nobody": {"stake": ["c3", "c4", "d3"]}}, to_move="gold")
    end = play(g, st, "a1-a2/a3")
    assert g.is_over(end) and g.outcome(end).winners == ("gold",)


# ================================================================ drops.yaml: drop, count=N|all, turns
def test_drops_sow_two_at_once_then_grow():
    g = game("drops.yaml")
    st = g.initial_state()
    assert texts(g, st) == ["a2+b2", "a2+c2", "a2+d2", "b2+c2", "b2+d2", "c2+d2"]   # C(4, 2)
    assert perft(g, st, 2) == 36
    st = play(g, st, "a2+b2", "b3+d3")
    assert g.position_json(st)["reserve"] == {"sun": 1, "moon": 1}
    # grow: one seed on a free cell of ranks 1..2 (6), all (one) seed on the free cells of rank 2
    # (the same two moves again), a stone on ranks 3..4 (6), the seed a2 steps to a3
    assert sorted(set(texts(g, st))) == ["a1", "a2-a3", "a3", "a4", "b1", "b4", "c1", "c2", "c3", "c4",
                                         "d1", "d2", "d4"]


def test_drop_count_all_takes_the_whole_reserve():
    g = game("drops.yaml")
    st = g.position({"sun": {"seed": ["a2"]}}, to_move="sun", reserves={"sun": 3, "moon": 0})
    drops = [m for m in texts(g, st) if "+" in m]
    assert drops == ["b2+c2+d2"]                   # three seeds on the three free cells of rank 2
    after = play(g, st, "b2+c2+d2")
    assert g.position_json(after)["reserve"]["sun"] == 0


def test_drops_win_with_an_empty_reserve():
    g = game("drops.yaml")
    st = g.position({"sun": {"seed": ["a3"]}}, to_move="sun", reserves={"sun": 0, "moon": 1})
    assert g.outcome(play(g, st, "a3-a4")).winners == ("sun",)
    st = g.position({"sun": {"seed": ["a3"]}}, to_move="sun", reserves={"sun": 1, "moon": 1})
    assert not g.is_over(play(g, st, "a3-a4"))


def test_the_same_drop_is_one_move():
    g = game("drops.yaml")
    st = play(g, g.initial_state(), "a2+b2", "b3+d3")
    assert len(g.legal_moves(st)) == len(set(g.legal_moves(st)))
    # by hand: after the sowing, 6 + 6 + (the sun seeds whose file moon left free: 2 - shared) moves;
    # summed over the 6 x 6 sowings: 36 x 12 + 36
    assert perft(g, g.initial_state(), 3) == 468


def test_placing_a_kind_without_reserve_keeps_the_reserve():
    g = game("drops.yaml")
    st = g.position({"sun": {"seed": ["a2"]}}, to_move="sun", reserves={"sun": 1, "moon": 1})
    after = play(g, st, "a4")                      # only a stone can go on a4
    assert pieces(g, after)["sun"] == {"seed": ["a2"], "stone": ["a4"]}
    assert g.position_json(after)["reserve"]["sun"] == 1


# ================================================================ reserves.yaml: place from a reserve
def _placed(g, st, move):
    """The kind a placement puts on the board."""
    before = pieces(g, st).get(g.players[g.to_move(st)], {})
    after = pieces(g, g.apply(st, move))[g.players[g.to_move(st)]]
    after = after if isinstance(after, dict) else {g.rules.kinds[0].name: after}
    before = before if isinstance(before, dict) else {g.rules.kinds[0].name: before}
    return next(k for k in after if len(after[k]) > len(before.get(k, [])))


def test_place_a_peg_from_the_reserve_or_a_cap():
    g = game("reserves.yaml")
    st = g.initial_state()
    assert g.position_json(st)["reserve"] == {"left": 2, "right": 2}
    kinds = sorted(_placed(g, st, m) for m in g.legal_moves(st))
    assert kinds == ["cap"] * 9 + ["peg"] * 9
    peg = next(m for m in g.legal_moves(st) if _placed(g, st, m) == "peg")
    assert g.position_json(g.apply(st, peg))["reserve"]["left"] == 1


def test_no_peg_is_placed_from_an_empty_reserve():
    g = game("reserves.yaml")
    st = g.position({"left": {"peg": ["a1", "b1"]}}, to_move="left", reserves={"left": 0, "right": 2})
    assert sorted(_placed(g, st, m) for m in g.legal_moves(st)) == ["cap"] * 7


def test_a_cap_does_not_use_the_reserve():
    g = game("reserves.yaml")
    st = g.initial_state()
    cap = next(m for m in g.legal_moves(st) if _placed(g, st, m) == "cap")
    assert g.position_json(g.apply(st, cap))["reserve"]["left"] == 2


# ================================================================ gravity.yaml: neighbour, empty, last
def test_first_is_the_first_piece_along_a_ray():
    g = game("gravity.yaml")
    st = play(g, g.initial_state(), "a1")
    assert g.evaluate(st) == [0.0, 0.0]              # nothing below a1: off the board
    st = play(g, st, "b1", "a2")
    assert g.evaluate(st) == [1.0, 1.0]              # a2 sits on a1


def test_gravity_perft_from_the_start():
    # only the bottom row at first (off the board south reads as not empty); then never straight
    # on the disc just played: 4, x3 (the other bottom cells), x3 (two bottom cells and the first
    # disc's top)
    g = game("gravity.yaml")
    st = g.initial_state()
    assert texts(g, st) == ["a1", "b1", "c1", "d1"]
    assert [perft(g, st, d) for d in (2, 3)] == [12, 36]
    assert texts(g, play(g, st, "a1")) == ["b1", "c1", "d1"]
    assert texts(g, play(g, st, "a1", "b1")) == ["a2", "c1", "d1"]


def test_gravity_refusals_are_named():
    g = game("gravity.yaml")
    st = play(g, g.initial_state(), "a1")
    where = WORDS_DIR / "gravity.yaml"
    assert g.explain(st, "a2") == f"'a2' is refused by rule 'no_stack' of phase 'drip' ({where}:20)"
    assert g.explain(st, "b2") == f"'b2' is refused by rule 'falls' of phase 'drip' ({where}:19)"


def test_gravity_three_in_a_row_and_a_full_board():
    g = game("gravity.yaml")
    st = g.position({"ink": ["a1", "b1"], "milk": ["a2", "b2"]}, to_move="ink")
    assert texts(g, st) == ["a3", "b3", "c1", "d1"]
    assert g.outcome(play(g, st, "c1")).winners == ("ink",)
    assert not g.is_over(play(g, st, "d1"))
    # the last cell: no line of three for milk, the board is full
    ink = ["a1", "b1", "a3", "b3", "c2", "d2", "c4", "d4"]
    milk = ["c1", "d1", "a2", "b2", "c3", "d3", "a4"]
    st = g.position({"ink": ink, "milk": milk}, to_move="milk")
    end = play(g, st, "b4")
    assert g.is_over(end) and g.outcome(end).winners == ()


def test_gravity_all_stuck_is_a_draw():
    g = game("gravity.yaml")
    # a3 is the only playable cell; after it, a4 is on top of the disc just played, for both
    ink = ["a1", "b1", "c2", "d2", "b3", "c4", "d4"]
    milk = ["c1", "d1", "a2", "b2", "c3", "d3", "b4"]
    st = g.position({"ink": ink, "milk": milk}, to_move="ink")
    assert texts(g, st) == ["a3"]
    end = play(g, st, "a3")
    assert g.is_over(end) and g.outcome(end).winners == ()
    assert g.position_json(end)["pieces"]["ink"].count("a3") == 1


# ================================================================ rows.yaml: in_a_row exact, friend, enemy
def test_rows_perft_and_the_shade_rule():
    # after oak's stone, ash may not play directly east of it (nobody of ash's east of that cell)
    g = game("rows.yaml")
    st = g.initial_state()
    assert perft(g, st, 1) == 25
    assert perft(g, st, 2) == 20 * 23 + 5 * 24
    st = g.position({"oak": ["b3"], "ash": ["d2"]}, to_move="ash")
    assert "c3" not in texts(g, st)
    assert g.explain(st, "c3") == f"'c3' is refused by rule 'shade' of phase 'play' ({WORDS_DIR / 'rows.yaml'}:21)"
    st = g.position({"oak": ["b3"], "ash": ["d3"]}, to_move="ash")
    assert "c3" in texts(g, st)                    # a friend east of c3 lifts the shade


@pytest.mark.parametrize("strict, four_wins", [(True, False), (False, True)])
def test_rows_exactly_three(strict, four_wins):
    g = game("rows.yaml", strict=str(strict).lower())
    st = g.position({"oak": ["a1", "b1", "d1"], "ash": ["a5", "c5", "e5"]}, to_move="oak")
    end = play(g, st, "c1")                        # a line of four
    assert (g.outcome(end).winners == ("oak",)) is four_wins
    st = g.position({"oak": ["a1", "b1", "e2"], "ash": ["a5", "c5", "e5"]}, to_move="oak")
    assert g.outcome(play(g, st, "c1")).winners == ("oak",)      # exactly three: wins either way


def test_in_a_row_reads_the_owner_of_the_last_piece():
    g = game("rows.yaml")
    st = g.position({"ash": ["c1", "c3"]}, to_move="oak")
    after = play(g, st, "c2")
    assert g.evaluate(after) == [0.0, 0.0]        # oak's c2 stands alone, for whoever asks


# ================================================================ open_rows.yaml: open_rows in evaluate
@pytest.mark.parametrize("oak, ash, values", [
    (["a1", "a2"], ["c1"], [0.6, 0.4]),            # a1 a2 a3: two of oak's, open; ash has no pair
    (["a1", "a2"], ["a3"], [0.5, 0.5]),            # ash on a3 closes it
    (["a1", "a2", "a3"], ["d4"], [0.6, 0.4]),      # a1 a2 a3 holds three, not two: a2 a3 a4 counts
    (["a1", "b2"], ["c1", "b1"], [0.5, 0.5]),      # oak's a1 b2 c3 and ash's b1 c1 d1: one each
])
def test_open_rows_counts_the_open_lines_holding_k(oak, ash, values):
    g = game("open_rows.yaml")
    st = g.position({"oak": oak, "ash": ash}, to_move="oak")
    assert g.evaluate(st) == pytest.approx(values)


@pytest.mark.parametrize("path", [WORDS_DIR / "open_rows.yaml", ROOT / "games" / "connect4.yaml"])
def test_open_rows_at_once_counts_as_line_by_line(path):
    # every line at once, by shifts of the boards, against each line in turn, on random boards
    from rulebook.boards.grid.functions.in_a_row import by_step, open_rows
    g = load_game(path)
    count, windows = g._ns["_open_rows"], g._ns["_rows_of"].keywords["windows"]
    rng = random.Random(3)
    for n in (1, 2, 3, 4, 5):
        lines = tuple(dict.fromkeys(w for w, _flank in windows(n)))
        assert by_step(lines, n) is not None                   # a grid's lines are evenly spaced
        for _ in range(50):
            held = [rng.randrange(3) for _ in range(g.size)]   # 0 empty, 1 the group's, 2 another's
            group = sum(1 << i for i, h in enumerate(held) if h == 1)
            open_cells = group | sum(1 << i for i, h in enumerate(held) if h == 0)
            for k in range(n + 2):
                assert count(group, open_cells, n, k) == open_rows(group, open_cells, n, k, lambda _n: lines)


def test_open_rows_lines_not_evenly_spaced_are_counted_one_by_one():
    from rulebook.boards.grid.functions.in_a_row import by_step
    assert by_step((0b111, 0b1011), 3) is None                 # cells 0, 1, 3: no one step
    assert by_step((0b111, 0b1110, 0b1001001), 3) == {1: 0b11, 3: 0b1}


# ================================================================ connect.yaml: hex rhombus, connected, onto
def test_connect_perft_with_the_rim_takeover():
    # fire: 16 cells; water: the 15 empty ones, plus fire's stone when it is on the rim (12 of 16);
    # then fire places on the 14 empty cells, or 15 after a takeover
    g = game("connect.yaml")
    assert len(g.geo.cells()) == 16
    st = g.initial_state()
    assert [perft(g, st, d) for d in (1, 2, 3)] == [16, 12 * 16 + 4 * 15, 12 * (15 * 14 + 15) + 4 * 15 * 14]
    assert cells(g, "rim", 0) == ["a1", "b1", "c1", "d1", "a2", "d2", "a3", "d3", "a4", "b4", "c4", "d4"]


def test_connect_onto_theirs_takes_the_stone():
    g = game("connect.yaml")
    st = play(g, g.initial_state(), "a1")
    assert texts(g, st).count("a1") == 1 and len(g.legal_moves(st)) == 16
    after = play(g, st, "a1")
    assert pieces(g, after) == {"water": ["a1"]}
    st = play(g, g.initial_state(), "b2")          # not on the rim
    assert "b2" not in texts(g, st)
    st = play(g, g.initial_state(), "a1", "d4")     # water's d4 is on the rim, but fire's second turn
    assert "d4" not in texts(g, st) and len(texts(g, st)) == 14    # is phase 'rest': placements only


def test_connect_joins_along_hex_neighbours():
    g = game("connect.yaml")
    # fire (north) joins its rank 1, the bottom row a4..d4, to the top row; b4 and a3 do not touch
    # (a3's neighbours: b3 a2 b2 a4, and off the board)
    st = g.position({"fire": ["b4", "a3", "a2", "a1"], "water": ["d4", "d3"]}, to_move="fire")
    assert not g.is_over(play(g, st, "c1"))
    assert g.outcome(play(g, st, "a4")).winners == ("fire",)
    st = g.position({"fire": ["a1", "b1"], "water": ["a2", "b2", "c2"]}, to_move="water")
    assert g.outcome(play(g, st, "d2")).winners == ("water",)    # a2 b2 c2 d2, each east of the last


# ================================================================ hexagon.yaml: hexagon, hex directions
def test_hexagon_cells_neighbours_and_zones():
    g = game("hexagon.yaml")
    assert len(g.geo.cells()) == 19
    assert [g.geo.name(i) for i in g.geo.cells()] == [
        "c1", "d1", "e1", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "e3", "a4", "b4", "c4", "d4",
        "a5", "b5", "c5"]
    st = g.position({"amber": {"bee": ["c3", "c1"], "drone": ["a3"]}}, to_move="amber")
    # c3: the six neighbours b3 d3 c2 d2 b4 c4; corner c1: d1 b2 c2; drone a3 east until c3, up
    # north-east b2 (north-west a2 is not a cell), down south-east a4
    assert texts(g, st) == ["a3-a4", "a3-b2", "a3-b3", "c1-b2", "c1-c2", "c1-d1",
                            "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3"]
    assert cells(g, "hive", 0) == ["c1", "d1", "e1"] and cells(g, "hive", 1) == ["a5", "b5", "c5"]
    assert cells(g, "far", 0) == ["a5", "b5", "c5"] and cells(g, "far", 1) == ["c1", "d1", "e1"]
    assert cells(g, "middle", 0) == ["b2", "c2", "d2", "e2", "a4", "b4", "c4", "d4"]
    assert cells(g, "edge", 1) == ["a5", "b5", "c5"]
    st = g.position({"amber": {"bee": ["b4"]}, "black": {"bee": ["d2"]}}, to_move="amber")
    assert g.outcome(play(g, st, "b4-b5")).winners == ("amber",)


# ================================================================ star.yaml: star, seats six ways, seating
def test_star_cells_and_seating():
    g = game("star.yaml")
    assert len(g.geo.cells()) == 37
    assert g.players == ("p90", "p330", "p210")              # player_count default 3
    assert game("star.yaml", 2).players == ("p90", "p270")
    assert game("star.yaml", 6).players == ("p90", "p30", "p330", "p270", "p210", "p150")
    with pytest.raises(RulebookError, match="played by 2, 3 or 6 players, not 4"):
        load_game(WORDS_DIR / "star.yaml", players=4)


def test_star_camps_and_goals_per_seat():
    g = game("star.yaml", 6)
    camps = {p: cells(g, "camp", i) for i, p in enumerate(g.players)}
    # each seat's rank 1 is its point's tip, furthest back as it faces the centre
    assert camps == {"p90": ["c8", "d8", "c9"], "p30": ["b6", "a7", "b7"], "p330": ["c3", "d3", "c4"],
                     "p270": ["g1", "f2", "g2"], "p210": ["h3", "i3", "h4"], "p150": ["g6", "f7", "g7"]}
    goals = {p: cells(g, "goal", i) for i, p in enumerate(g.players)}
    assert goals == {"p90": camps["p270"], "p270": camps["p90"], "p30": camps["p210"],
                     "p210": camps["p30"], "p330": camps["p150"], "p150": camps["p330"]}


def test_star_start_moves():
    # p90's c9 jumps c8 to c7 and d8 to e7; c8 steps c7 d7; d8 steps d7 e7 (b8, e8, b9, d9 are holes)
    g = game("star.yaml")
    assert texts(g, g.initial_state()) == ["c8-c7", "c8-d7", "c9-c7", "c9-e7", "d8-d7", "d8-e7"]


@pytest.mark.parametrize("seat, expected", [
    ("p90", ["e5-d5", "e5-e4", "e5-f4", "e5-f5"]),     # front-left north-west, front-right north-east
    ("p30", ["e5-e4", "e5-e6", "e5-f4", "e5-f5"]),     # north-east, east; left north-west, right south-east
    ("p270", ["e5-d5", "e5-d6", "e5-e6", "e5-f5"]),    # south-east, south-west; left east, right west
])
def test_star_relative_directions_of_a_seat(seat, expected):
    g = game("star.yaml", 6)
    st = g.position({seat: ["e5"]}, to_move=seat)
    assert texts(g, st) == expected


def test_star_blocked_is_a_draw():
    g = game("star.yaml")
    # p90's c9: c8 and d8 taken, b9 and d9 are holes, c7 taken; p210 (facing 210, its front-right is
    # west) closes e7: p90, next, has no move
    st = g.position({"p90": ["c9"], "p330": ["c8", "d8"], "p210": ["c7", "f7"]}, to_move="p210")
    assert "f7-e7" in texts(g, st)
    end = play(g, st, "f7-e7")
    assert g.is_over(end) and g.outcome(end).winners == ()


def test_star_win_and_draw_by_players():
    g = game("star.yaml")
    st = g.position({"p90": ["f2", "g2", "g3"]}, to_move="p90")
    assert "g3-g1" in texts(g, st)
    assert g.outcome(play(g, st, "g3-g1")).winners == ("p90",)
    st = g.position({"p90": ["c9"], "p330": ["c3"], "p210": ["h3"]}, to_move="p210", ply=29)
    end = play(g, st, texts(g, st)[0])
    assert g.is_over(end) and g.outcome(end).winners == ()         # ply 30 = 10 x players
    g2 = game("star.yaml", 2)
    st = g2.position({"p90": ["c9"], "p270": ["g1"]}, to_move="p270", ply=19)
    assert g2.is_over(play(g2, st, texts(g2, st)[0]))


# ================================================================ zones.yaml: every zone term, four seats
ZONES = {  # per seat s (faces north), w (east), n (south), e (west), worked out by hand
    "home": ["a1 b1 c1 d1 e1", "a1 a2 a3 a4 a5", "a5 b5 c5 d5 e5", "e1 e2 e3 e4 e5"],
    "back": ["a1 b1 c1 d1 e1 a2 b2 c2 d2 e2", "a1 b1 a2 b2 a3 b3 a4 b4 a5 b5",
             "a4 b4 c4 d4 e4 a5 b5 c5 d5 e5", "d1 e1 d2 e2 d3 e3 d4 e4 d5 e5"],
    "left_file": ["a1 a2 a3 a4 a5", "a5 b5 c5 d5 e5", "e1 e2 e3 e4 e5", "a1 b1 c1 d1 e1"],
    "wing": ["d1 e1 d2 e2 d3 e3 d4 e4 d5 e5", "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2",
             "a1 b1 a2 b2 a3 b3 a4 b4 a5 b5", "a4 b4 c4 d4 e4 a5 b5 c5 d5 e5"],
    "spot": ["c3"] * 4,
    "alias": ["a1 b1 c1 d1 e1", "a1 a2 a3 a4 a5", "a5 b5 c5 d5 e5", "e1 e2 e3 e4 e5"],
    "far": ["a5 b5 c5 d5 e5", "e1 e2 e3 e4 e5", "a1 b1 c1 d1 e1", "a1 a2 a3 a4 a5"],
    "corner": ["d1 e1", "a1 a2", "a5 b5", "e4 e5"],
    "cross": ["c1 c2 a3 b3 c3 d3 e3 c4 c5"] * 4,
    "tight": ["d1 e1 d2 e2 c3", "a1 b1 a2 b2 c3", "c3 a4 b4 a5 b5", "c3 d4 e4 d5 e5"],   # (back & wing) | spot
    "hollow": ["a4 b4 d4 e4 a5 b5 d5 e5", "d1 e1 d2 e2 d4 e4 d5 e5",
               "a1 b1 d1 e1 a2 b2 d2 e2", "a1 b1 a2 b2 a4 b4 a5 b5"],
    "post": ["a1", "", "e5", ""],                  # per seat: w and e have none
    "across": ["e5", "", "a1", ""],
    "start": ["b1 c1 d1", "a2 a3 a4", "b5 c5 d5", "e2 e3 e4"],
}


@pytest.mark.parametrize("zone", sorted(ZONES))
def test_zone_cells_per_seat(zone):
    g = game("zones.yaml")
    assert [" ".join(cells(g, zone, s)) for s in range(4)] == ZONES[zone]
    assert sorted(g.zone_cells["every"][0]) == g.geo.cells()


def test_zones_moves_of_seats_facing_four_ways():
    g = game("zones.yaml")
    st = g.initial_state()
    assert texts(g, st) == ["b1-a1", "b1-b2", "c1-c2", "d1-d2", "d1-e1"]
    st = play(g, st, "c1-c2")                      # w faces east: front east, left north, right south
    assert texts(g, st) == ["a2-a1", "a2-b2", "a3-b3", "a4-a5", "a4-b4"]


def test_zones_win_by_the_opposite_of_a_per_seat_zone():
    g = game("zones.yaml")
    st = g.position({"s": ["e4"], "w": ["a3"], "n": ["c5"], "e": ["e2"]}, to_move="s")
    assert g.outcome(play(g, st, "e4-e5")).winners == ("s",)
    st = g.position({"s": ["e4"], "w": ["a3"], "n": ["c5"], "e": ["d4"]}, to_move="e")
    assert not g.is_over(play(g, st, "d4-d5"))     # e has no post, so no `across` either


# ================================================================ race.yaml: let, landing, others, origin
def test_race_perft_from_the_start():
    g = game("race.yaml")
    st = g.initial_state()
    assert texts(g, st) == ["b1-a2", "b1-c2", "d1-c2", "d1-e2", "f1-e2"]
    assert perft(g, st, 2) == 25


def test_race_let_and_landing_rules():
    g = game("race.yaml")
    # both men past the middle: diagonal steps and single jumps over any piece every way
    st = g.position({"up": ["d5", "c4"], "down": ["b1"]}, to_move="up")
    assert texts(g, st) == ["c4-b3", "c4-b5", "c4-d3", "c4-e6", "d5-b3", "d5-c6", "d5-e4", "d5-e6"]
    # no entering down's camp (ranks 5..6) while another man is still in up's camp (ranks 1..2)
    st = g.position({"up": ["c4", "b1"], "down": ["a6"]}, to_move="up")
    assert texts(g, st) == ["b1-a2", "b1-c2"]
    where = WORDS_DIR / "race.yaml"
    assert g.explain(st, "c4-b5") == f"'c4-b5' is refused by rule 'alone' of phase 'race' ({where}:36)"
    # a man leaving its start rank stays in its camp: no jump from there
    st = g.position({"up": ["b1"], "down": ["c2", "a6"]}, to_move="up")
    assert texts(g, st) == ["b1-a2"]
    assert g.explain(st, "b1-d3") == f"'b1-d3' is refused by rule 'fresh' of phase 'race' ({where}:37)"
    # not all past the middle: forward only
    st = g.position({"up": ["c4", "b3"], "down": ["a6"]}, to_move="up")
    assert texts(g, st) == ["b3-a4", "b3-d5", "c4-b5", "c4-d5"]


@pytest.mark.parametrize("rule, over, winners", [("lose", True, ("up",)), ("draw", True, ()), ("pass", False, ())])
def test_race_blocked_by_option(rule, over, winners):
    g = game("race.yaml", stuck_rule=rule)
    st = g.position({"up": ["b5", "d3"], "down": ["a6"]}, to_move="up")
    end = play(g, st, "d3-c4")                     # down's a6: b5 taken, the jump lands on c4
    assert g.is_over(end) is over and g.outcome(end).winners == winners
    if not over:
        assert texts(g, end) == ["pass"]


def test_race_win_draw_and_evaluate():
    g = game("race.yaml")
    st = g.position({"up": ["a6", "d5"], "down": ["b1"]}, to_move="up")
    assert g.outcome(play(g, st, "d5-e6")).winners == ("up",)
    short = game("race.yaml", max_plies=1)
    end = play(short, short.initial_state(), "b1-a2")
    assert short.is_over(end) and short.outcome(end).winners == ()
    st = play(g, g.initial_state(), "b1-a2")
    assert g.evaluate(g.initial_state()) == [0.5, 0.5]
    assert g.evaluate(st) == pytest.approx([0.5 + 1 / 30, 0.5 - 1 / 30])


# ================================================================ guards.yaml: legal, attacked
def test_guards_start_moves():
    # the chief a1 steps a2 b2 (b1 is its guard); the guard slides b2..b4 and c1 d1
    g = game("guards.yaml")
    assert texts(g, g.initial_state()) == ["a1-a2", "a1-b2", "b1-b2", "b1-b3", "b1-b4", "b1-c1", "b1-d1"]


def test_legal_rule_keeps_the_chief_out_of_reach():
    g = game("guards.yaml")
    # black's guard c4 reaches c3 c2 c1 down its file, black's chief d1 reaches c1 c2 d2
    st = g.position({"white": {"chief": ["b2"]}, "black": {"guard": ["c4"], "chief": ["d1"]}}, to_move="white")
    assert texts(g, st) == ["b2-a1", "b2-a2", "b2-a3", "b2-b1", "b2-b3"]
    assert g.explain(st, "b2-c3").startswith(
        f"'b2-c3' is refused by rule 'safe' of phase 'play' ({WORDS_DIR / 'guards.yaml'}:29)")
    # a guard between its chief and an enemy guard may only move along that file (or capture)
    st = g.position({"white": {"chief": ["a1"], "guard": ["a2"]}, "black": {"guard": ["a4"], "chief": ["d4"]}},
                    to_move="white")
    assert texts(g, st) == ["a1-b1", "a1-b2", "a2-a3", "a2xa4"]


def test_no_legal_move_loses():
    g = game("guards.yaml")
    st = g.position({"white": {"chief": ["a1"]}, "black": {"guard": ["b3", "c3"], "chief": ["d4"]}}, to_move="black")
    assert len(g.legal_moves(st)) == 10
    end = play(g, st, "c3-c2")                     # a2 b1 b2 are all within reach of a black guard
    assert g.legal_moves(end) == [] and g.outcome(end).winners == ("black",)


def test_attacked_is_by_another_player_than_the_owner():
    g = game("guards.yaml")
    # at the start neither chief can be reached by an enemy piece: 0.5 + 0.25 - 0.25 for both
    assert g.evaluate(g.initial_state()) == [0.5, 0.5]


# ---------------------------------------------------------------- passing.yaml: when, take,
# shift, moved, symbol, notation, passed, repeated
def test_passing_start_moves_double_steps_and_the_hop():
    g = game("passing.yaml")
    # runners a2..f2 step once or twice (rank 2 is their start); the fresh chief c1 steps or hops
    # to e1 (d1 e1 empty, the fresh tower f1 beyond); towers slide along rank 1
    assert texts(g, g.initial_state()) == [
        "a1b1", "a2a3", "a2a4", "b2b3", "b2b4", "c1b1", "c1d1", "c1e1", "c2c3", "c2c4", "d2d3", "d2d4",
        "e2e3", "e2e4", "f1d1", "f1e1", "f2f3", "f2f4"]


def test_passing_shift_brings_the_tower_and_both_become_their_moved_kinds():
    g = game("passing.yaml")
    st = play(g, g.initial_state(), "c1e1")
    up = g.position_json(st)["pieces"]["up"]
    assert up["chief"] == ["e1"] and up["tower"] == ["d1"] and up["fresh_tower"] == ["a1"]
    assert "fresh_chief" not in up
    # a hop needs the fresh tower beyond: with a plain tower there, no hop
    st = g.position({"up": {"fresh_chief": ["c1"], "tower": ["f1"]}, "down": {"chief": ["a6"]}}, to_move="up")
    assert "c1e1" not in texts(g, st)


def test_passing_take_captures_the_runner_that_just_passed():
    g = game("passing.yaml")
    pos = g.position({"up": {"runner": ["b3", "a5"], "fresh_chief": ["c1"], "tower": ["a1"]},
                      "down": {"runner": ["c5", "a3"], "chief": ["f6"]}}, to_move="down", ply=1)
    st = play(g, pos, "c5c3")                 # passes c4, right beside b3's slant
    assert g.position_json(st)["passed"] == "c4" and g.position_json(st)["last"] == "c3"
    # the capture mark ':' (also before the landing of a take away from it) and promotions by symbol after '/'
    assert texts(g, st) == ["a1:a3", "a1a2", "a1b1", "a5a6/c", "a5a6/t", "b3:c4", "b3b4", "c1b1", "c1b2",
                            "c1c2", "c1d1", "c1d2"]
    after = play(g, st, "b3:c4")
    assert g.position_json(after)["pieces"]["down"] == {"runner": ["a3"], "chief": ["f6"]}
    # a move later it is too late: the runner that passed is no longer the last move's
    later = play(g, st, "a1b1", "f6f5")
    assert "b3:c4" not in texts(g, later)


def test_passing_a_position_file_gives_passed_and_last():
    g = game("passing.yaml")
    st = g.position({"up": {"runner": ["b3"], "chief": ["e1"]}, "down": {"runner": ["c3"], "chief": ["f6"]}},
                    to_move="up", last="c3", passed="c4")
    assert "b3:c4" in texts(g, st)
    with pytest.raises(RulebookError, match="passed: 'z9' is not a cell"):
        g.position({"up": ["b3"]}, passed="z9")


def test_passing_repeated_counts_the_same_pieces_of_the_same_kinds():
    g = game("passing.yaml")
    # the towers leave their corners (becoming plain towers) and come back: the start itself
    # never stands again, the position after two plies stands again after 6 and 10 plies
    st = play(g, g.initial_state(), "a1b1", "a6b6", "b1a1", "b6a6", "a1b1", "a6b6", "b1a1", "b6a6")
    assert not g.is_over(st)
    st = play(g, st, "a1b1", "a6b6")
    assert g.is_over(st) and g.outcome(st).winners == ()


# ---------------------------------------------------------------- custodial.yaml (closing in)
def test_custodial_captures_every_enemy_closed_in():
    g = load_game(WORDS_DIR / "custodial.yaml")
    st = g.position({"white": ["a1", "c3", "e1"], "black": ["b3", "c2", "d3", "e5"]}, to_move="white")

    def after(text):
        return g.position_json(g.apply(st, g.parse_move(st, text)))["pieces"]
    assert sorted(after("a1-a3")["black"]) == ["c2", "d3", "e5"]          # b3, between a3 and c3
    assert sorted(after("e1-e3")["black"]) == ["b3", "c2", "e5"]          # d3, between e3 and c3
    assert sorted(after("c3-c4")["black"]) == ["b3", "c2", "d3", "e5"]    # nothing closed in
    # the piece that leaves its cell closes in nothing from there: c2 stays between c1 and c3 empty
    assert sorted(after("c3-c5")["black"]) == ["b3", "c2", "d3", "e5"]


def test_custodial_two_at_once_and_the_win():
    g = load_game(WORDS_DIR / "custodial.yaml")
    st = g.position({"white": ["a3", "c1", "c5"], "black": ["b2", "c2", "c4"]}, to_move="white")
    done = g.apply(st, g.parse_move(st, "a3-c3"))       # c2 (against c1) and c4 (against c5)
    assert sorted(g.position_json(done)["pieces"]["black"]) == ["b2"]
    assert g.outcome(done).winners == ("white",)


def test_custodial_perft_from_the_start():
    g = load_game(WORDS_DIR / "custodial.yaml")
    # five stones on rank 1 each slide north up to 3 cells: 15 moves; nothing can be closed in yet
    assert perft(g, g.initial_state(), 1) == 15


# ---------------------------------------------------------------- points.yaml (a graph board)
def test_points_on_a_graph_move_along_its_links_only():
    g = load_game(WORDS_DIR / "points.yaml")
    assert type(g.geo).__name__ == "Graph" and not g.geo.translations
    assert perft(g, g.initial_state(), 2) == 9 * 8
    st = g.position({"white": ["a1", "b2", "a3"], "black": ["c1", "c3", "b3"]}, to_move="white")
    assert sorted(g.move_str(m) for m in g.legal_moves(st)) == ["a1-a2", "a1-b1", "a3-a2", "b2-a2", "b2-b1", "b2-c2"]
    # a2 has no diagonal link: from a2 only a1, a3 and b2
    st = g.position({"white": ["a2"], "black": ["c3"]}, to_move="white")
    assert sorted(g.move_str(m) for m in g.legal_moves(st)) == ["a2-a1", "a2-a3", "a2-b2"]


def test_points_three_on_a_line_win_and_off_a_line_do_not():
    g = load_game(WORDS_DIR / "points.yaml")
    st = g.position({"white": ["a1", "b1", "c2"], "black": ["a3", "b3", "b2"]}, to_move="white")
    assert g.outcome(g.apply(st, g.parse_move(st, "c2-c1"))).winners == ("white",)      # a row
    st = g.position({"white": ["a1", "c3", "b1"], "black": ["a3", "a2", "c1"]}, to_move="white")
    assert g.outcome(g.apply(st, g.parse_move(st, "b1-b2"))).winners == ("white",)      # the long diagonal
    st = g.position({"white": ["a2", "c1", "b1"], "black": ["a3", "c3", "a1"]}, to_move="white")
    assert not g.is_over(g.apply(st, g.parse_move(st, "b1-b2")))    # a2 b2 ... c1: no line through them
    # zones by rank count the points' rows as drawn: rank 1 is a1 b1 c1 for white, a3 b3 c3 for black
    assert [sorted(g.geo.name(c) for c in cells) for cells in g.zone_cells["home"]] == [["a1", "b1", "c1"],
                                                                                       ["a3", "b3", "c3"]]


@pytest.mark.parametrize("links, message", [
    ("east: [a1 b1, a1 c1]", "point a1 has two east links"),
    ("east: [a1 z9]", "a link is 'FROM TO', two points of board.graph.cells ('z9' is none)"),
    ("front: [a1 b1]", "'front' names a direction as a seat sees it"),
])
def test_a_bad_graph_link_is_located(tmp_path, links, message):
    text = (WORDS_DIR / "points.yaml").read_text()
    start = text.index("    links:")
    end = text.index("    opposite:")
    f = tmp_path / "bad.yaml"
    f.write_text(text[:start] + f"    links:\n      {links}\n" + text[end:].replace("opposite: {east: west, north: south, rising: sinking, falling: climbing}", "opposite: {}"))
    from rulebook.source.load import GameFileError
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(f)
    assert any(message in x.message for x in info.value.findings), [x.message for x in info.value.findings]


def test_each_action_word_says_what_the_reference_says():
    """docs/language.md's table of actions has a row per word of the registry, in the word's own words."""
    from rulebook.boards.grid.words import WORDS
    md = LANGUAGE.read_text()
    for name, word in WORDS.items():
        rows = [line for line in md.splitlines() if line.startswith(f"| `{name}(")]
        assert rows, f"docs/language.md has no row for the action {name}"
        assert rows[0].split(" | ", 1)[1].rstrip(" |").replace("\\|", "|") == word.about, name


# ================================================================ hands.yaml: hands, drops from them, optional promotion
def test_hands_names_are_file_numbers_from_the_right_and_rank_letters_from_the_top():
    g = game("hands.yaml")
    assert g.geo.name(0) == "4d" and g.geo.name(15) == "1a" and g.geo.parse_cell("2b") == 10
    assert g.geo.parse_cell("a1") is None and g.geo.parse_cell("5a") is None and g.geo.parse_cell("0a") is None
    st = g.initial_state()
    assert texts(g, st) == ["3d2d", "3d3c", "4c4b", "4c4b+", "4d3c"]     # into the far ranks: both
    assert [perft(g, st, d) for d in range(1, 6)] == [5, 24, 163, 1039, 7284]


def test_hands_a_capture_joins_the_captors_hand_demoted_and_is_dropped_back():
    g = game("hands.yaml")
    st = g.position({"north_side": {"chief": ["4d"], "guard": ["2b"]}, "south_side": {"chief": ["1a"], "elder": ["2c"]}},
                    to_move="north_side")
    st = play(g, st, "2b2c")
    assert g.position_json(st)["reserve"] == {"north_side": {"pup": 1}, "south_side": {}}
    st = play(g, st, "1a1b")
    drops = [m for m in texts(g, st) if m.startswith("P*")]
    assert drops and not any(m.endswith("a") for m in drops)     # never onto the far rank (pup_drops)
    st = play(g, st, "P*3c")
    assert g.position_json(st)["reserve"]["north_side"] == {}
    assert not any(m.startswith("P*") for m in texts(g, st))     # the hand is empty again


def test_hands_one_pup_per_file_and_no_mate_by_a_pup_drop():
    g = game("hands.yaml")
    st = g.position({"north_side": {"chief": ["4d"], "pup": ["3c"]}, "south_side": {"chief": ["1a"]}},
                    to_move="north_side", reserves={"north_side": {"pup": 1}})
    assert not any(m.startswith("P*3") for m in texts(g, st))       # along(): the file holds a pup
    pieces = {"north_side": {"chief": ["4d"], "guard": ["1c"], "elder": ["3b"]}, "south_side": {"chief": ["1a"]}}
    st = g.position(pieces, to_move="north_side", reserves={"north_side": {"pup": 1, "guard": 1}})
    ms = texts(g, st)
    assert "P*1b" not in ms and "G*1b" in ms                        # a pup drop may not mate; a guard drop may
    st = play(g, st, "G*1b")
    assert texts(g, st) == [] and g.outcome(st).winners == ("north_side",)


def test_hands_promotion_leaving_the_zone_and_forced_on_the_last_rank():
    g = game("hands.yaml")
    st = g.position({"north_side": {"chief": ["4d"], "pup": ["2b"]}, "south_side": {"chief": ["4a"]}},
                    to_move="north_side")
    assert [m for m in texts(g, st) if m.startswith("2b")] == ["2b2a+"]      # must_in: only promoted
    st = g.position({"north_side": {"chief": ["4d"], "elder": ["2b"]}, "south_side": {"chief": ["4a"], "guard": ["3a"]}},
                    to_move="north_side")
    st = play(g, st, "2b3a")
    assert g.position_json(st)["reserve"]["north_side"] == {"guard": 1}


def test_hands_a_hand_is_refused_where_a_reserve_is_meant():
    g = game("reserves.yaml")
    with pytest.raises(RulebookError, match="hands"):
        g.position({"left": {"peg": ["a1"]}}, reserves={"left": {"peg": 1}})


# ---------------------------------------------------------------- perpetual.yaml: always_attacked, repeated with hands
def perpetual_start(tower):
    g = game("perpetual.yaml")
    return g, g.position({"north_side": {"chief": ["4d"], "tower": [tower]}, "south_side": {"chief": ["1a"]}},
                         to_move="north_side")


CHASE = ("2d1d", "1a2a", "1d2d", "2a1a")     # the tower attacks the chief on file 1, then on file 2


def test_perpetual_an_attack_with_every_move_loses_at_the_escape():
    g, st = perpetual_start("2d")           # the start stands at plies 0, 4 and 8
    st = play(g, st, *CHASE, *CHASE[:3])
    assert not g.is_over(st)
    st = play(g, st, CHASE[3])
    assert g.is_over(st) and g.outcome(st).winners == ("south_side",)


def test_perpetual_an_attack_with_every_move_loses_at_the_attack():
    g, st = perpetual_start("3d")           # the position after the first attack stands at plies 1, 5 and 9
    st = play(g, st, "3d1d", *CHASE[1:], *CHASE)
    assert not g.is_over(st)
    st = play(g, st, CHASE[0])
    assert g.is_over(st) and g.outcome(st).winners == ("south_side",)


def test_perpetual_moves_that_attack_nothing_draw():
    g = game("perpetual.yaml")
    st = g.position({"north_side": {"chief": ["4d"]}, "south_side": {"chief": ["1a"]}}, to_move="north_side")
    st = play(g, st, *("4d4c", "1a1b", "4c4d", "1b1a") * 2)
    assert g.is_over(st) and g.outcome(st).winners == ()


def test_perpetual_the_same_board_with_other_hands_is_another_position():
    g = game("perpetual.yaml")
    st = g.position({"north_side": {"chief": ["4d"]}, "south_side": {"chief": ["1a"], "tower": ["2a"]}},
                    to_move="north_side", reserves={"north_side": {"tower": 1}})
    # the tower goes from north's hand to south's (a drop is its cell: one kind is ever held), north's
    # chief making up the tempo on a triangle
    st = play(g, st, "2b", "2a2b", "4d4c", "2b2a", "4c3d", "1a1b", "3d4d", "1b1a")
    assert g.position_json(st)["reserve"] == {"north_side": {}, "south_side": {"tower": 1}}
    shuffle = ("4d4c", "1a2b", "4c4d", "2b1a")
    st = play(g, st, *shuffle)              # the board's third time (plies 0, 8, 12), this position's second
    assert not g.is_over(st)
    st = play(g, st, *shuffle)
    assert g.is_over(st) and g.outcome(st).winners == ()
# ================================================================ mills.yaml: board.lines, in_line, outside_lines, remove
def test_mills_perft_from_the_start():
    g = game("mills.yaml")
    # no line can be completed before the fifth ply: 9, 9 x 8, 9 x 8 x 7, 9 x 8 x 7 x 6
    assert [perft(g, g.initial_state(), d) for d in range(1, 5)] == [9, 72, 504, 3024]


def test_mills_a_completed_line_removes_one_enemy_stone_each_a_move():
    g = game("mills.yaml")
    st = g.position({"white": ["a1", "b1"], "black": ["a3", "b3", "b2"]}, to_move="white",
                    reserves={"white": 2, "black": 1})
    assert [m for m in texts(g, st) if m.startswith("c1")] == ["c1xa3", "c1xb2", "c1xb3"]
    after = play(g, st, "c1xb2")
    assert sorted(pieces(g, after)["black"]) == ["a3", "b3"] and not g.is_over(after)


def test_mills_a_line_off_the_directions_counts():
    g = game("mills.yaml")      # a1 b2 c3 is a line though no direction runs along it
    st = g.position({"white": ["a1", "b2"], "black": ["a2", "c1"]}, to_move="white", reserves={"white": 2, "black": 2})
    assert [m for m in texts(g, st) if m.startswith("c3")] == ["c3xa2", "c3xc1"]
    assert "b3" in texts(g, st)             # a3 b3 c3 holds no other white stone: no removal


def test_mills_stones_in_a_full_line_are_spared_unless_all_are():
    g = game("mills.yaml")
    st = g.position({"white": ["b1", "c1"], "black": ["a3", "b3", "c3", "b2"]}, to_move="white",
                    reserves={"white": 2, "black": 0})
    assert [m for m in texts(g, st) if m.startswith("a1")] == ["a1xb2"]
    st = g.position({"white": ["b1", "c1"], "black": ["a3", "b3", "c3"]}, to_move="white",
                    reserves={"white": 2, "black": 1})
    assert [m for m in texts(g, st) if m.startswith("a1")] == ["a1xa3", "a1xb3", "a1xc3"]


def test_mills_with_no_enemy_on_the_board_nothing_is_removed():
    g = game("mills.yaml")
    st = g.position({"white": ["a1", "b1"], "black": []}, to_move="white", reserves={"white": 2, "black": 4})
    assert "c1" in texts(g, st) and not any("x" in m for m in texts(g, st))


def test_mills_a_step_into_a_line_removes_any_stone_and_the_reserve_counts_to_the_end():
    g = game("mills.yaml")
    st = g.position({"white": ["a1", "b1", "c2"], "black": ["a3", "b3", "c3"]}, to_move="white")
    assert [m for m in texts(g, st) if m.startswith("c2-c1")] == ["c2-c1xa3", "c2-c1xb3", "c2-c1xc3"]
    after = play(g, st, "c2-c1xa3")
    assert g.is_over(after) and g.outcome(after).winners == ("white",)      # black: 2 on the board, none in hand
    st = g.position({"white": ["a1", "b1"], "black": ["a3", "b3"]}, to_move="white", reserves={"white": 1, "black": 2})
    assert not g.is_over(play(g, st, "c1xa3"))          # black: one on the board and two in hand
    st = g.position({"white": ["a1", "b1"], "black": ["a3", "b3"]}, to_move="white", reserves={"white": 1, "black": 1})
    after = play(g, st, "c1xa3")
    assert g.is_over(after) and g.outcome(after).winners == ("white",)    # one and one


def test_mills_notation_round_trip():
    g = game("mills.yaml")
    st = g.position({"white": ["a1", "b1", "c2"], "black": ["a3", "b3", "c3"]}, to_move="white")
    for m in g.legal_moves(st):
        assert g.parse_move(st, g.move_str(m)) == m


# ================================================================ flights.yaml: fly
def test_flights_fly_to_any_empty_cell_of_the_zone():
    g = game("flights.yaml")
    st = g.initial_state()
    # steps to a2 and b1, flights to a2 b2 c2 of white's middle rank: a2 either way is one move
    assert texts(g, st) == ["a1-a2", "a1-b1", "a1-b2", "a1-c2"]
    st = play(g, st, "a1-b2")
    assert texts(g, st) == ["c3-a2", "c3-b3", "c3-c2"]      # b2 is taken; black's middle rank is rank 2 too


def test_flights_perft_from_the_start():
    g = game("flights.yaml")
    assert [perft(g, g.initial_state(), d) for d in range(1, 5)] == [4, 13, 46, 151]


@pytest.mark.parametrize("path", ["games/shogi.yaml", "games/minishogi.yaml", "tests/data/words/hands.yaml",
                                  "tests/data/words/reserves.yaml"])
def test_placements_of_different_kinds_are_never_listed_twice(path):
    # placements of several kinds are not deduplicated (each puts down its own kind): no move
    # may then come twice, in positions reached by random play
    import random
    game = load_game(str(Path(__file__).resolve().parents[2] / path))
    rng = random.Random(11)
    for _match in range(4):
        st = game.initial_state()
        for _ply in range(80):
            moves = game.legal_moves(st)
            if not moves:
                break
            assert len(set(map(repr, moves))) == len(moves)
            st = game.apply(st, rng.choice(moves))
