"""Reading a JSON file as untrusted input: the one reader of records (records.py) and position
files (positions.py).

The file must be a regular file of at most `max_bytes` (a device, a FIFO or a huge file is
refused before reading), UTF-8 text, nested at most `max_depth` deep with at most
`max_containers` arrays and objects in all (counted in one pass before parsing: Python's parser
recurses, and a text of 100,000 `[` would exhaust its stack), no key given twice, no NaN or
Infinity, no number of more than MAX_NUMBER_DIGITS digits (4300: Python refuses to read a longer
integer, and the command line takes none longer, so every seed `play` writes reads back). Every refusal is one
RulebookError line, `FILE: message` or `FILE:LINE:COL: message`.
"""
from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from ..api import RulebookError

__all__ = ["MAX_NUMBER_DIGITS", "read_json", "nesting"]

MAX_NUMBER_DIGITS = 4300    # Python's own limit for reading an integer: a seed `play` took is read back

_TOKEN = re.compile(r'\\.|["\[\]{}]', re.S)
_STRING = r'"(?:\\.|[^"\\])*"'
_ESCAPE = re.compile(r'\\[bfnrtu]')
_BAD_CHAR = re.compile('[\x00-\x1f\x7f-\x9f\ud800-\udfff]')


class _Refused(Exception):
    """Raised inside the parser's hooks: a message and the literal text to locate."""

    def __init__(self, message: str, literal: str | None = None):
        super().__init__(message)
        self.message, self.literal = message, literal


def nesting(text: str, depth_limit: int, container_limit: int | None = None) -> tuple[int, int]:
    """(deepest nesting, number of arrays and objects) of a JSON text, strings skipped, without
    parsing it, in one pass that stops as soon as a limit is passed."""
    deepest = depth = count = 0
    in_string = False
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok == '"':
            in_string = not in_string
        elif in_string or tok[0] == "\\":
            continue
        elif tok in "[{":
            depth += 1
            count += 1
            if depth > deepest:
                deepest = depth
                if deepest > depth_limit:     # deep enough to refuse: read no further
                    break
            if container_limit is not None and count > container_limit:
                break
        else:
            depth -= 1
    return deepest, count


def _where(text: str, literal: str) -> str:
    """`:LINE:COL` of the first occurrence of `literal` outside strings ('' if not found)."""
    pattern = re.compile(_STRING + "|" + r"(?<![0-9A-Za-z.])" + re.escape(literal) + r"(?![0-9A-Za-z.+\-])")
    for m in pattern.finditer(text):
        if not m.group().startswith('"'):
            line = text.count("\n", 0, m.start()) + 1
            col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
            return f":{line}:{col}"
    return ""


def _texts(value, where: str) -> None:
    """Refuse a text holding a control character (an escape sequence would reach the terminal in
    a message) or a lone surrogate (not a character: it cannot even be printed)."""
    if isinstance(value, str):
        m = _BAD_CHAR.search(value)
        if m:
            kind = "a lone surrogate" if "\ud800" <= m.group() <= "\udfff" else "a control character"
            raise _Refused(f"{where or 'a text'}: {kind} (U+{ord(m.group()):04X}) in a text")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _texts(item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            _texts(key, f"{where}: a key" if where else "a key")
            name = key if len(key) <= 40 else key[:30] + "..."
            _texts(item, f"{where}.{name}" if where else name)


def _pairs(items):
    out = {}
    for key, value in items:
        if key in out:
            shown = key if len(key) <= 40 else key[:30] + "..."
            raise _Refused(f"'{shown}' is given twice")
        out[key] = value
    return out


def _int(literal: str) -> int:
    digits = len(literal.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        raise _Refused(f"a number of {digits} digits (at most {MAX_NUMBER_DIGITS})", literal)
    return int(literal)


def _float(literal: str) -> float:
    if len(literal) > MAX_NUMBER_DIGITS:
        raise _Refused(f"a number of {len(literal)} characters (at most {MAX_NUMBER_DIGITS})", literal)
    value = float(literal)
    if not math.isfinite(value):
        raise _Refused(f"the number {literal} is too large", literal)
    return value


def _constant(name: str):
    raise _Refused(f"not valid JSON: {name} is not a number", name)


def read_text(path: str | Path, what: str, *, max_bytes: int, max_text: str) -> str:
    """The UTF-8 text of a `what` file: a regular file of at most max_bytes, or a RulebookError naming it."""
    source = str(path)

    def fail(message: str):
        raise RulebookError(f"{source}: {message}")

    try:
        info = os.stat(path)
    except FileNotFoundError:
        fail(f"no such {what} file")
    except (OSError, ValueError) as e:
        fail(f"cannot read the {what}: {getattr(e, 'strerror', None) or e}")
    if stat.S_ISDIR(info.st_mode):
        fail(f"is a folder, not a {what} file")
    if not stat.S_ISREG(info.st_mode):
        fail(f"not a regular file ({what})")
    if info.st_size > max_bytes:
        fail(f"a {what} file is at most {max_text}; this one is larger")
    try:
        with open(path, "rb") as f:
            raw = f.read(max_bytes + 1)
    except OSError as e:
        fail(f"cannot read the {what}: {e.strerror or e}")
    if len(raw) > max_bytes:       # it grew since
        fail(f"a {what} file is at most {max_text}; this one is larger")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        fail(f"not UTF-8 text (byte {e.start})")


def read_json(path: str | Path, what: str, *, max_bytes: int, max_text: str, max_depth: int,
              max_containers: int | None = None) -> Any:
    """The parsed JSON of a `what` file ('record', 'position'), or a RulebookError naming it."""
    source = str(path)

    def fail(message: str, where: str = ""):
        raise RulebookError(f"{source}{where}: {message}")

    text = read_text(path, what, max_bytes=max_bytes, max_text=max_text)
    deepest, count = nesting(text, max_depth, max_containers)
    if deepest > max_depth:
        fail(f"nested more than {max_depth} deep: not a {what}")
    if max_containers is not None and count > max_containers:
        fail(f"more than {max_containers} lists and objects: not a {what}")
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_int=_int, parse_float=_float,
                          parse_constant=_constant)
        if _ESCAPE.search(text):   # only an escape makes a control character or a lone surrogate
            _texts(data, "")
        return data
    except json.JSONDecodeError as e:
        fail(f"not valid JSON: {e.msg}", f":{e.lineno}:{e.colno}")
    except _Refused as e:
        fail(e.message, _where(text, e.literal) if e.literal else "")
    except (ValueError, RecursionError, MemoryError) as e:   # not expected after the checks above
        fail(f"not valid JSON: {type(e).__name__}")
