"""Record formats players use besides rulebook's JSON (records.py, the lossless one): PGN for games
of two seats (in the game's short notation where its file asks for one, else its own), SGF for
placement games of two seats (a move is a cell or a pass).

Reading is two steps: `read_any(path)` reads a file by its extension (.json, .pgn, .sgf) into a
Raw record (the moves as the file writes them, with the line and column of each); `resolve(game,
raw)` replays them in the game, giving a Record of canonical move texts, with a located error
(`FILE:LINE:COL: ...`) for a move that is not legal. `write(game, record, path)` writes a
record in the format of the path's extension. Every refusal is a RulebookError.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..api import IllegalMove, RulebookError
from .jsonfile import read_text
from .records import MAX_RECORD_BYTES, MAX_RECORD_MOVES, MAX_RECORD_TEXT, Record, read_record

__all__ = ["FORMATS", "Raw", "fit_options", "format_of", "read_any", "resolve", "result_text", "sgf_spec", "write"]

FORMATS = {".json": "json", ".pgn": "pgn", ".sgf": "sgf"}
PGN_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclass
class Raw:
    """A record as a file writes it: the moves in its notation, where each is, and its options."""
    source: str
    kind: str                                   # json, pgn or sgf
    record: Record                              # moves in the file's notation
    where: list[tuple[int, int]] = field(default_factory=list)   # (line, column) of each move
    colours: list[int] = field(default_factory=list)             # sgf: the seat each move names
    size: tuple[int, int] | None = None                          # sgf: SZ (files, ranks)
    extra: dict[str, str] = field(default_factory=dict)          # sgf: KM and SZ, the options the game may let them set


def format_of(path: str) -> str:
    kind = FORMATS.get(Path(path).suffix.lower())
    if kind is None:
        raise RulebookError(f"{path}: a record's format is told by its extension: "
                            f"{', '.join(FORMATS)} (not '{Path(path).suffix or 'none'}')")
    return kind


def read_any(path: str) -> Raw:
    kind = format_of(path)
    if kind == "json":
        rec = read_record(path)
        return Raw(str(path), kind, rec)
    text = read_text(path, "record", max_bytes=MAX_RECORD_BYTES, max_text=MAX_RECORD_TEXT)
    return (_read_pgn if kind == "pgn" else _read_sgf)(str(path), text)


def _located(source: str, text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"{source}:{line}:{col}"


def _line_col(text: str, pos: int) -> tuple[int, int]:
    return text.count("\n", 0, pos) + 1, pos - (text.rfind("\n", 0, pos) + 1) + 1


# ---------------------------------------------------------------- PGN
_PGN_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\])
  | (?P<comment>\{[^}]*\}|;[^\n]*)
  | (?P<escape>(?m:^%[^\n]*))
  | (?P<nag>\$\d+)
  | (?P<open>\() | (?P<close>\))
  | (?P<result>1-0|0-1|1/2-1/2|\*)
  | (?P<number>\d+\s*\.+)
  | (?P<move>[^\s\[\]{}();$]+)
""", re.X)


def _read_pgn(source: str, text: str) -> Raw:
    tags: dict[str, str] = {}
    moves: list[str] = []
    where: list[tuple[int, int]] = []
    depth, pos, result = 0, 0, None
    while pos < len(text):
        m = _PGN_TOKEN.match(text, pos)
        if m is None:
            raise RulebookError(f"{_located(source, text, pos)}: not PGN here: {text[pos:pos + 20]!r}")
        kind = "tag" if m.group("tag") else m.lastgroup
        at = pos
        pos = m.end()
        if kind in ("space", "comment", "escape"):
            continue
        if result is not None:
            raise RulebookError(f"{_located(source, text, at)}: after the result: a PGN record here holds one game")
        if kind in ("nag", "number"):
            continue
        if kind == "open":
            depth += 1                          # a variation: not the game's moves
        elif kind == "close":
            if depth == 0:
                raise RulebookError(f"{_located(source, text, at)}: ')' closes no variation")
            depth -= 1
        elif depth:
            continue
        elif kind == "tag":
            if moves:
                raise RulebookError(f"{_located(source, text, at)}: a tag after the moves (a PGN record here holds one game)")
            tags[m.group("name")] = re.sub(r"\\(.)", r"\1", m.group("value"))
        elif kind == "result":
            result = m.group("result")
        else:
            if len(moves) >= MAX_RECORD_MOVES:
                raise RulebookError(f"{source}: more than {MAX_RECORD_MOVES:,} moves; a record holds at most that")
            moves.append(m.group("move"))
            where.append(_line_col(text, at))
    if depth:
        raise RulebookError(f"{source}: a variation is not closed at the end of the file")
    options: dict[str, Any] = {}
    for part in tags.get("Options", "").split():
        name, eq, value = part.partition("=")
        if not eq:
            raise RulebookError(f"{source}: the Options tag is 'name=value' pairs, got '{part}'")
        options[name] = value
    agents = [tags.get("White", "?"), tags.get("Black", "?")]
    seed = tags.get("Seed")
    rec = Record(moves, tags.get("Game"), None, agents if agents != ["?", "?"] else None, options,
                 int(seed) if seed and seed.isdigit() else None)
    return Raw(source, "pgn", rec, where)


def _pgn(game, rec: Record, state) -> str:
    names = _two_seats(game, "PGN")
    short = getattr(game, "short", None)
    agents = rec.agents or ["?", "?"]
    res = _pgn_result(game, state)
    tags = [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"), ("White", agents[0]),
            ("Black", agents[1]), ("Result", res), ("Game", game.name), ("Seats", " ".join(names))]
    if game.options:
        tags.append(("Options", " ".join(f"{k}={_text(v)}" for k, v in game.options.items())))
    if rec.seed is not None:
        tags.append(("Seed", str(rec.seed)))
    head = "".join(f'[{k} "{_pgn_escape(v)}"]\n' for k, v in tags)
    words: list[str] = []
    st = game.initial_state()
    for ply, text in enumerate(rec.moves):
        move = game.parse_move(st, text)
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(short.names(st)[move] if short is not None else text)
        st = game.apply(st, move)
    words.append(res)
    lines, line = [], ""
    for w in words:                         # lines of at most 79 characters, as PGN asks
        if line and len(line) + 1 + len(w) > 79:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return head + "\n" + "\n".join(lines) + "\n"


def _pgn_result(game, state) -> str:
    out = game.outcome(state)
    if not out.over:
        return "*"
    if not out.winners:
        return "1/2-1/2"
    return "1-0" if out.winners == (game.players[0],) else "0-1"


def _pgn_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _text(v) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def _two_seats(game, what: str) -> tuple[str, ...]:
    if len(game.players) != 2:
        raise RulebookError(f"{game.name}: {what} records hold games of two seats; this one has {len(game.players)}")
    return game.players


# ---------------------------------------------------------------- SGF
_SGF_PROP = re.compile(r"\s*([A-Z]+)\s*")
_SGF_VALUE = re.compile(r"\[((?:[^\]\\]|\\.)*)\]", re.S)


def _read_sgf(source: str, text: str) -> Raw:
    """The main line of an SGF file (the first variation at every branch)."""
    pos = text.find("(")
    if pos < 0:
        raise RulebookError(f"{source}:1:1: not SGF: a game tree starts with '('")
    nodes: list[list[tuple[str, list[tuple[str, int]]]]] = []
    depth, pos, done = 0, pos, False
    while pos < len(text):
        c = text[pos]
        if c.isspace():
            pos += 1
        elif c == "(":
            if done:                            # a later variation: not the main line
                pos = _skip_tree(source, text, pos)
                continue
            depth += 1
            pos += 1
        elif c == ")":
            depth -= 1
            done = True                          # the main line ends with the first tree closed
            pos += 1
            if depth == 0:
                break
        elif c == ";":
            if done:
                raise RulebookError(f"{_located(source, text, pos)}: a node after the main line's end")
            pos += 1
            props = []
            while True:
                m = _SGF_PROP.match(text, pos)
                if not m or not m.group(1):
                    break
                pos = m.end()
                values = []
                while True:
                    v = _SGF_VALUE.match(text, pos)
                    if not v:
                        break
                    values.append((re.sub(r"\\(.)", r"\1", v.group(1), flags=re.S), pos))
                    pos = v.end()
                    while pos < len(text) and text[pos].isspace():
                        pos += 1
                if not values:
                    raise RulebookError(f"{_located(source, text, m.start(1))}: the property {m.group(1)} has no [value]")
                props.append((m.group(1), values))
            nodes.append(props)
        else:
            raise RulebookError(f"{_located(source, text, pos)}: not SGF here: {text[pos:pos + 20]!r}")
    if depth > 0:
        raise RulebookError(f"{source}: the game tree is not closed at the end of the file")
    if not nodes:
        raise RulebookError(f"{source}: an SGF game tree without nodes")
    moves, where, colours = [], [], []
    root = dict((k, v) for k, v in nodes[0])
    options: dict[str, Any] = {}
    for value, _pos in root.get("RO", []):          # rulebook's own property: the game's options
        name, eq, v = value.partition("=")
        if eq:
            options[name] = v
    size = None
    if "SZ" in root:
        sz, at = root["SZ"][0]
        parts = sz.split(":")
        if not all(p.strip().isdigit() for p in parts) or len(parts) > 2:
            raise RulebookError(f"{_located(source, text, at)}: SZ is a board size (N or FILES:RANKS), got '{sz}'")
        size = (int(parts[0]), int(parts[-1]))
    km = root.get("KM")
    agents = [root.get("PB", [("?", 0)])[0][0], root.get("PW", [("?", 0)])[0][0]]
    for props in nodes:
        for key, values in props:
            if key in ("B", "W"):
                value, at = values[0]
                moves.append(value)
                where.append(_line_col(text, at))
                colours.append(0 if key == "B" else 1)
            elif key in ("AB", "AW", "AE"):
                raise RulebookError(f"{_located(source, text, values[0][1])}: {key} sets up pieces; a record "
                                    f"here starts from the game's own start")
    rec = Record(moves, root.get("GN", [(None, 0)])[0][0], None, agents if agents != ["?", "?"] else None, options)
    raw = Raw(source, "sgf", rec, where, colours, size)
    if km:
        raw.extra["KM"] = km[0][0]
    if size is not None and size[0] == size[1]:
        raw.extra["SZ"] = str(size[0])
    return raw


def sgf_spec(game) -> tuple[int, dict[str, str]]:
    """The file's `notation: sgf:`: its game number (GM) and the options SGF's properties carry,
    {"KM": option, "SZ": option}, as far as the file names them."""
    spec = (game.info.sections.get("notation") or {}).get("sgf") or 1
    if isinstance(spec, int):
        return spec, {}
    props = {"KM": spec.get("komi"), "SZ": spec.get("size")}
    return spec["game"], {p: name for p, name in props.items() if name}


def fit_options(raw: Raw, game) -> None:
    """Give the record the SGF properties the game's file names as options (`notation: sgf:
    {komi: OPTION, size: OPTION}`), where RO does not say otherwise."""
    carried = sgf_spec(game)[1]
    for prop, value in raw.extra.items():
        if prop in carried:
            raw.record.options.setdefault(carried[prop], value)


def _skip_tree(source: str, text: str, pos: int) -> int:
    depth = 0
    while pos < len(text):
        c = text[pos]
        if c == "[":
            v = _SGF_VALUE.match(text, pos)
            if not v:
                raise RulebookError(f"{_located(source, text, pos)}: a [value] is not closed")
            pos = v.end()
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return pos + 1
        pos += 1
    raise RulebookError(f"{source}: a variation is not closed at the end of the file")


def _sgf_rows(game) -> dict[int, int]:
    """Each rank's row from the top as the game draws its board (SGF counts rows from the top)."""
    geo = game.geo
    files, ranks = geo.files, geo.ranks
    ys = {r: next(geo.xy[r * files + f][1] for f in range(files) if geo.used[r * files + f] or f == files - 1)
          for r in range(ranks)}
    order = sorted(range(ranks), key=lambda r: -ys[r])
    return {r: i for i, r in enumerate(order)}


def _sgf_point(game, cell: int, rows) -> str:
    files = game.geo.files
    return chr(97 + cell % files) + chr(97 + rows[cell // files])


def _sgf_cells(game) -> dict[str, str]:
    """SGF point -> the game's cell name."""
    geo, rows = game.geo, _sgf_rows(game)
    return {_sgf_point(game, c, rows): geo.name(c) for c in range(game.size) if geo.used[c]}


def _sgf(game, rec: Record, state) -> str:
    _two_seats(game, "SGF")
    geo = getattr(game, "geo", None)
    if geo is None or not getattr(geo, "files", 0) or geo.files > 26 or geo.ranks > 26:
        raise RulebookError(f"{game.name}: SGF records hold games on boards of files and ranks (at most 26 each)")
    points = {name: point for point, name in _sgf_cells(game).items()}
    number, carried = sgf_spec(game)
    size = str(geo.files) if geo.files == geo.ranks else f"{geo.files}:{geo.ranks}"
    agents = rec.agents or ["?", "?"]
    props = [("FF", ["4"]), ("GM", [str(number)]), ("CA", ["UTF-8"]), ("AP", ["rulebook"]), ("SZ", [size]),
             ("GN", [game.name]), ("PB", [agents[0]]), ("PW", [agents[1]])]
    if carried.get("KM") in game.options:
        props.append(("KM", [_text(game.options[carried["KM"]])]))
    if game.options:
        props.append(("RO", [f"{k}={_text(v)}" for k, v in game.options.items()]))
    out = game.outcome(state)
    if out.over:
        props.append(("RE", [result_text(game, state)]))
    head = "(;" + "".join(k + "".join(f"[{_sgf_escape(v)}]" for v in vs) for k, vs in props)
    body = []
    for ply, text in enumerate(rec.moves):
        if text != "pass" and text not in points:
            raise RulebookError(f"{game.name}: SGF records hold placement games: move {ply + 1}, '{text}', "
                                f"is not one cell")
        body.append(f";{'BW'[ply % 2]}[{'' if text == 'pass' else points[text]}]")
    lines = [head]
    for i in range(0, len(body), 12):
        lines.append("".join(body[i:i + 12]))
    return "\n".join(lines) + ")\n"


def _sgf_escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace("]", "\\]")


def result_text(game, state) -> str:
    """The result as GTP and SGF write it: the winner's letter (B the first seat, W the second) and
    its lead in the game's score (`B+3.5`), `B+` in a game without a scoring section, `0` for a draw."""
    out = game.outcome(state)
    if not out.winners:
        return "0"
    winner = out.winners[0]
    seat = game.players.index(winner)
    letter = "BW"[seat] if seat < 2 else winner
    if out.breakdown is not None:
        lead = out.scores[winner] - max(v for k, v in out.scores.items() if k != winner)
        return f"{letter}+{lead:g}"
    return f"{letter}+"


# ---------------------------------------------------------------- both ways
def resolve(game, raw: Raw) -> Record:
    """The record in the game's canonical notation, every move replayed (a located error for one
    that is not legal, or, in SGF, not the colour to move)."""
    rec = raw.record
    if raw.kind == "json":
        from .records import replay_moves
        replay_moves(game, rec.moves, raw.source, start=rec.start(game, raw.source))
        return Record(list(rec.moves), game.name, list(game.players), rec.agents, dict(game.options), rec.seed,
                      rec.position)
    if raw.kind == "sgf":
        geo = getattr(game, "geo", None)
        if geo is None or not getattr(geo, "files", 0):
            raise RulebookError(f"{raw.source}: {game.name}'s board has no files and ranks for SGF points")
        if raw.size is not None and raw.size != (geo.files, geo.ranks):
            raise RulebookError(f"{raw.source}: SZ says a board of {raw.size[0]}x{raw.size[1]}; the game's is "
                                f"{geo.files}x{geo.ranks}")
        cells = _sgf_cells(game)
    short = getattr(game, "short", None)
    st = game.initial_state()
    moves: list[str] = []
    for ply, text in enumerate(rec.moves):
        line, col = raw.where[ply]
        at = f"{raw.source}:{line}:{col}: move {ply + 1}"
        try:
            if raw.kind == "sgf":
                seat = raw.colours[ply]
                if not game.is_over(st) and game.to_move(st) != seat:
                    raise IllegalMove(f"{'BW'[seat]} moves, but it is {game.players[game.to_move(st)]}'s turn", 0)
                if text == "" or (text == "tt" and geo.files <= 19 and geo.ranks <= 19):
                    name = "pass"
                elif text in cells:
                    name = cells[text]
                else:
                    raise IllegalMove(f"'{text}' is not a point of the board", 0)
                move = game.parse_move(st, name)
            elif short is not None:
                move = short.parse(st, text)
            else:
                move = game.parse_move(st, text)
        except IllegalMove as e:
            raise RulebookError(f"{at}: {e}") from None
        moves.append(game.move_str(move))
        st = game.apply(st, move)
    return Record(moves, game.name, list(game.players), rec.agents, dict(game.options), rec.seed)


def write(game, rec: Record, path: str) -> None:
    """Write a record (canonical moves, checked) in the format of the path's extension."""
    kind = format_of(path)
    from .records import replay_moves
    state = replay_moves(game, rec.moves, "record", start=rec.start(game))
    if kind == "json":
        rec.save(path)
        return
    if rec.position is not None:
        raise RulebookError(f"{path}: a record that starts from a position is kept as JSON only (PGN and SGF "
                            "here start from the game's start)")
    text = _pgn(game, rec, state) if kind == "pgn" else _sgf(game, rec, state)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise RulebookError(f"{path}: cannot write the record: {e.strerror}") from None
