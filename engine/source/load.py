"""Load a game file: YAML read safely into plain data, with the position of every value kept.

Only the plain YAML types are accepted (mappings, sequences, strings, numbers, booleans, null);
any other tag (`!!python/object`, a custom `!tag`) is refused with its location, so a game file
can never build objects or run code. Duplicate keys are errors, not silently the last one.

A file may `extends: base.yaml` (a variant file, docs/language.md "Variant files"): its base is
loaded first, then the file's own keys are merged over it. Every value keeps the place of the
file it came from, so a finding about an inherited value names the base file.
"""
from __future__ import annotations

import os
import stat
from ..structs import struct, field, replace
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..api import RulebookError

_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_MAX_NODES = 200_000  # aliases can make a small file expand enormously
MAX_EXTENDS = 8       # links in a chain of `extends` (a file and at most 8 bases)
GAME_FILE_SUFFIXES = (".yaml", ".yml")   # what a base file's name (and the file it links to) ends with


@struct(frozen=True)
class Place:
    """Where a value stands in its file (1-based), and how a scalar was written."""
    line: int
    column: int
    style: str | None = None      # None plain, "'" or '"' quoted, "|" or ">" block
    end_line: int = 0
    file: str | None = None       # None: the Source's own file; else the base file it came from

    def inside(self, line: int, column: int) -> "Place":
        """The place of a character inside this scalar's text (line, column 1-based)."""
        if self.style in ("|", ">"):
            # a block scalar's text starts on the line after the indicator
            return Place(self.line + line, column + self.column + 1, file=self.file)
        quote = 1 if self.style in ("'", '"') else 0
        if line == 1:
            return Place(self.line, self.column + quote + column - 1, file=self.file)
        return Place(self.line + line - 1, column, file=self.file)


@struct
class Finding:
    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class GameFileError(RulebookError):
    """A game file with findings: every one of them, each with its location."""

    def __init__(self, findings: list[Finding]):
        self.findings = findings
        super().__init__("\n".join(str(f) for f in findings))


@struct
class Source:
    """A game file's data and the places of its values, keyed by path (keys and indexes).

    With `extends`, data is the merged data and a place inherited from a base file names that
    file (Place.file); `file` is always the file that was loaded (the variant).
    """
    file: str
    data: Any
    places: dict[tuple, Place] = field(default_factory=dict)       # value of each path
    key_places: dict[tuple, Place] = field(default_factory=dict)   # key of each mapping entry

    def place(self, path: tuple, key: bool = False) -> Place:
        """The nearest known place of a path (its key with key=True), walking up if needed."""
        path = tuple(path)
        while True:
            table = self.key_places if key else self.places
            if path in table:
                return table[path]
            if key and path in self.places:
                return self.places[path]
            if not path:
                return Place(1, 1)
            path = path[:-1]

    def finding(self, path: tuple, message: str, key: bool = False, inner: tuple[int, int] | None = None) -> Finding:
        p = self.place(path, key)
        if inner is not None:
            p = p.inside(*inner)
        return Finding(p.file or self.file, p.line, p.column, message)


def _place(node) -> Place:
    m = node.start_mark
    style = node.style if isinstance(node, ScalarNode) else None
    return Place(m.line + 1, m.column + 1, style or None, node.end_mark.line + 1)


MAX_FILE_BYTES = 1_000_000   # a game file (or a base it extends) is at most 1 MB
MAX_NESTING = 64        # mappings and lists inside one another
MAX_DIGITS = 18         # a whole number in a game file has at most this many digits


class _Loader(yaml.SafeLoader):
    """The safe loader, refusing nesting deeper than MAX_NESTING (composing recurses)."""
    _depth = 0

    def compose_node(self, parent, index):
        self._depth += 1
        try:
            if self._depth > MAX_NESTING:
                raise yaml.composer.ComposerError(None, None, f"values nest deeper than {MAX_NESTING} levels",
                                                  self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def load_source(path: str | Path, text: str | None = None) -> Source:
    """Read a game file into a Source (its bases merged in); raise GameFileError with located findings."""
    name = str(path)
    src = _parse(name, _read(name) if text is None else text)
    if not _extends(src):
        return src
    chain = [src]
    seen = [(_identity(name), name)]
    while (link := _link(chain[-1], seen)) is not None:
        base_name, base_path, where = link
        try:
            base = _parse(base_name, _read(base_name, base_path, where))
        except GameFileError as e:
            if getattr(e, "at_link", False):        # no such base: said at the link
                raise
            raise GameFileError(e.findings + [where.finding(f"the base file {base_name} has errors")]) from None
        if not isinstance(base.data, dict):
            raise GameFileError([where.finding(f"the base file {base_name} is not a mapping of sections "
                                               f"(game, players, board, ...)")])
        if not set(base.data) <= _sections():     # nothing of a file that is no game file is quoted
            raise GameFileError([where.finding(f"the base file {base_name} is not a game file: its keys are not "
                                               f"all sections of one (game, players, board, ...)")])
        chain.append(base)
        seen.append((_identity(base_path), base_name))
    merged = chain[-1]
    findings: list[Finding] = []
    for over in reversed(chain[:-1]):
        merged = _merge(merged, over, findings)
    if findings:
        raise GameFileError(findings)
    return merged


def base_files(path: str | Path, content: bytes) -> list[tuple[str, Path]]:
    """The base files a game file of these bytes extends, nearest first: (name in messages, path).

    For the compile cache, whose key covers them; cheap for a file that cannot extend (no parse).
    Raises GameFileError (or OSError, UnicodeDecodeError) for a chain the loader would refuse.
    """
    out: list[tuple[str, Path]] = []
    name = str(path)
    seen = [(_identity(name), name)]
    while _may_extend(content):
        src = _parse(name, content.decode("utf-8"))
        link = _link(src, seen)
        if link is None:
            break
        name, base_path, where = link
        content = _read(name, base_path, where).encode("utf-8")     # a small regular file, or refused
        out.append((name, base_path))
        seen.append((_identity(base_path), name))
    return out


def _may_extend(content: bytes) -> bool:
    # a key `extends` is written as such, or with a double-quoted escape (which needs a backslash)
    return b"extends" in content or b"\\" in content


def _read(name: str, path: str | Path | None = None, link: "_Where | None" = None) -> str:
    """The text of a file; GameFileError at 1:1 of it (at the `extends` link for a base not found)."""
    def fail(message: str, at_link: bool = False):
        if at_link and link is not None:
            e = GameFileError([link.finding(message)])
            e.at_link = True
            return e
        return GameFileError([Finding(name, 1, 1, message)])
    try:
        target = Path(name if path is None else path)
        info = target.stat()            # before opening: opening a device may do something
        _regular(info, fail, name, link)
        # not following the path again: what is opened is checked again (O_NONBLOCK: a fifo put there meanwhile
        # is refused, not waited on)
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as f:
            _regular(os.fstat(f.fileno()), fail, name, link)
            return f.read(MAX_FILE_BYTES + 1).decode("utf-8")
    except FileNotFoundError:
        raise fail(f"no base file {name}" if link else "no such file", at_link=True) from None
    except IsADirectoryError:
        raise fail(f"the base {name} is a folder, not a game file" if link else "is a folder, not a game file",
                   at_link=True) from None
    except UnicodeDecodeError as e:
        raise fail(f"not UTF-8 text ({e.reason})") from None
    except OSError as e:
        raise fail(f"cannot read: {e.strerror}") from None


def _regular(info: os.stat_result, fail, name: str, link) -> None:
    """Refuse what is not a regular file of at most MAX_FILE_BYTES."""
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError
    if not stat.S_ISREG(info.st_mode):
        raise fail(f"the base {name} is not a regular file" if link else "not a regular file", at_link=True)
    if info.st_size > MAX_FILE_BYTES:
        raise fail(f"the base {name} is larger than {MAX_FILE_BYTES // 1_000_000} MB" if link
                   else f"larger than {MAX_FILE_BYTES // 1_000_000} MB", at_link=True)


def _parse(name: str, text: str) -> Source:
    """One file's text into a Source (no `extends` followed)."""
    try:
        loader = _Loader(text)
    except yaml.reader.ReaderError as e:
        raise _control_character(name, text, e) from None
    try:
        root = loader.get_single_node()
    except yaml.reader.ReaderError as e:
        raise _control_character(name, text, e) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        msg = " ".join(x for x in (e.context, e.problem) if x) or "invalid YAML"
        raise GameFileError([Finding(name, (mark.line + 1) if mark else 1, (mark.column + 1) if mark else 1,
                                     f"YAML syntax: {msg}")]) from None
    except yaml.YAMLError as e:
        raise GameFileError([Finding(name, 1, 1, f"YAML syntax: {e}")]) from None
    finally:
        loader.dispose()
    if root is None:
        raise GameFileError([Finding(name, 1, 1, "the file is empty")])
    src = Source(name, None)
    findings: list[Finding] = []
    budget = [_MAX_NODES]
    src.data = _convert(root, (), src, findings, loader, budget)
    if findings:
        raise GameFileError(findings)
    return src


def _control_character(name: str, text: str, e) -> GameFileError:
    """A character YAML refuses (NUL, BEL, ...), located."""
    before = text[:e.position]
    line, col = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
    return GameFileError([Finding(name, line, col, f"a control character (code {e.character:#04x}) is not "
                                                   "allowed in a game file")])


# ---------------------------------------------------------------- extends
@struct(frozen=True)
class _Where:
    """The `extends` value of a file: where a problem with its link is reported."""
    file: str
    place: Place

    def finding(self, message: str) -> Finding:
        return Finding(self.file, self.place.line, self.place.column, message)


def _sections() -> set[str]:
    """The top-level keys of a game file (schema.json's, read when a base is)."""
    import json
    from importlib.resources import files
    return set(json.loads(files("rulebook.source").joinpath("schema.json").read_text(encoding="utf-8"))["properties"])


def _extends(src: Source) -> bool:
    return isinstance(src.data, dict) and "extends" in src.data


def _identity(path: str | Path) -> str:
    """A file's identity for finding cycles: its real path."""
    return os.path.realpath(path)


def _link(src: Source, seen: list[tuple[str, str]]) -> tuple[str, Path, _Where] | None:
    """The base src extends, as (name in messages, path to read, where the link is), or None.

    GameFileError at the `extends` value for a link that is not a text, holds a NUL, is too
    deep, is a cycle, or names anything but a .yaml or .yml file (also after symbolic links).
    seen: (identity, name) of the files of the chain so far, src's last.
    """
    if not _extends(src):
        return None
    value = src.data["extends"]
    where = _Where(src.file, src.place(("extends",)))
    if not isinstance(value, str) or not value.strip():
        what = "an empty text" if isinstance(value, str) else _kind(value)
        raise GameFileError([where.finding(f"'extends' must be the path of a base file (a text), not {what}")])
    if "\0" in value:
        raise GameFileError([where.finding("'extends' must be the path of a base file: this one holds a NUL character")])
    if len(seen) > MAX_EXTENDS:
        raise GameFileError([where.finding(f"more than {MAX_EXTENDS} levels of 'extends' "
                                           f"({' > '.join(n for _, n in seen)} > ...)")])
    path = Path(os.path.dirname(src.file)) / value
    name = os.path.normpath(path)
    if _identity(name) != _identity(path):      # a folder link on the way: '..' is not textual
        name = str(path)
    ident = _identity(path)
    if any(ident == i for i, _ in seen):
        cycle = " > ".join(n for _, n in seen) + f" > {name}"
        raise GameFileError([where.finding(f"'extends' makes a cycle: {cycle}")])
    if not all(p.lower().endswith(GAME_FILE_SUFFIXES) for p in (value, ident)):
        raise GameFileError([where.finding(f"the base {name} is not a game file: a base is a .yaml or .yml file (or a link to one)")])
    return name, path, where


def dump_merged(src: Source, bases: list[str]) -> str:
    """A loaded (merged) file as the YAML of one game file: the chain in a heading comment, each
    top-level section headed by the files its values come from where a base gave any."""
    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper, value: str):       # a text of several lines as a block, as a person writes it
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if "\n" in value.strip() else None)
    Dumper.add_representer(str, text)
    chain = " > ".join([src.file] + bases)
    parts = [f"# {src.file} merged with its bases ({chain}): the game it stands for, as one file"
             if bases else f"# {src.file} (it extends no base)"]
    for key, value in src.data.items():
        files = {(p.file or src.file) for path, p in [*src.places.items(), *src.key_places.items()]
                 if path[:1] == (key,)}
        note = f"# from {', '.join(sorted(files))}\n" if files - {src.file} else ""
        parts.append(note + yaml.dump({key: value}, Dumper=Dumper, sort_keys=False, allow_unicode=True,
                                      width=100).rstrip("\n"))
    return "\n\n".join(parts)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "null"


# lists whose entries are named and merge by name (a phase changed, added or removed by its name)
MERGED_BY_NAME = {("phases",): "phase"}


def _merge(base: Source, over: Source, findings: list[Finding]) -> Source:
    """over's top-level keys merged over base (both mappings); `extends` dropped from both.

    Mappings merge key by key; the lists of MERGED_BY_NAME merge entry by entry, by name; any
    other value replaces the base's whole; a key set to null removes the base's key, a list
    entry `remove: NAME` the base's entry (a finding if the base has no such key or entry).
    Places inherited from the base are marked with the base's file.
    """
    out = Source(over.file, None)
    out.places[()] = over.places.get((), Place(1, 1))
    b = {k: v for k, v in base.data.items() if k != "extends"}
    o = {k: v for k, v in over.data.items() if k != "extends"}
    out.data = _merge_map(b, o, _Paths((), (), ()), base, over, out, findings)
    return out


@struct(frozen=True)
class _Paths:
    """Where a value being merged stands: in the base, in the variant (over) and in the result."""
    base: tuple
    over: tuple
    out: tuple

    def key(self, k) -> "_Paths":
        return _Paths(self.base + (k,), self.over + (k,), self.out + (k,))


def _merge_map(b: dict, o: dict, at: _Paths, base: Source, over: Source, out: Source, findings: list) -> dict:
    res: dict = {}
    for k, bv in b.items():
        p = at.key(k)
        if k not in o:
            _keep(base, p.base, bv, out, base.file, p.out)
            res[k] = bv
            continue
        ov = o[k]
        if ov is None:
            continue                                    # removed
        res[k] = _merge_value(bv, ov, p, base, over, out, findings)
    for k, ov in o.items():
        if k in b:
            continue
        p = at.key(k)
        if ov is None:
            findings.append(over.finding(p.over, f"'{_dotted(over.data, p.over)}' is not in the base file "
                                                 f"{base.file}: nothing to remove", key=True))
            continue
        _keep(over, p.over, ov, out, None, p.out)
        res[k] = ov
    return res


def _merge_value(bv: Any, ov: Any, at: _Paths, base: Source, over: Source, out: Source, findings: list) -> Any:
    """The variant's value ov over the base's bv (neither removed)."""
    what = MERGED_BY_NAME.get(at.out)
    if isinstance(bv, dict) and isinstance(ov, dict):
        merged: Any = _merge_map
    elif what and _named(bv) and isinstance(ov, list) and all(isinstance(e, dict) for e in ov):
        merged = _merge_named
    else:
        _keep(over, at.over, ov, out, None, at.out)
        return ov
    _keep_key(over, at.over, out, None, at.out)
    if at.over in over.places:
        out.places[at.out] = over.places[at.over]
    return merged(bv, ov, at, base, over, out, findings)


def _dotted(data: Any, path: tuple) -> str:
    """A path as written in messages: `zones.second`, an entry of a named list by its name (`phases.play.turns`)."""
    words = []
    for k in path:
        data = data[k]
        words.append(data["name"] if isinstance(k, int) and isinstance(data, dict) and isinstance(data.get("name"), str)
                     else str(k))
    return ".".join(words)


def _named(value: Any) -> bool:
    """A list whose entries are mappings, each with a distinct name (a text)."""
    if not isinstance(value, list) or not all(isinstance(e, dict) and isinstance(e.get("name"), str) for e in value):
        return False
    return len({e["name"] for e in value}) == len(value)


def _merge_named(b: list, o: list, at: _Paths, base: Source, over: Source, out: Source, findings: list) -> list:
    """The variant's entries over the base's, by name: an entry naming a base entry merges into it
    (a mapping merge), `remove: NAME` removes one, a new name is inserted after the entry the
    variant lists before it (first if it is the variant's first). The base's order is kept."""
    what = MERGED_BY_NAME[at.out]
    index = {e["name"]: i for i, e in enumerate(b)}
    slots: list[tuple[str, int]] = [("base", i) for i in range(len(b))]
    over_of: dict[int, int] = {}
    removed: set[int] = set()
    given: dict[str, int] = {}
    last = -1                                   # the slot after which a new entry goes
    for j, e in enumerate(o):
        op = at.over + (j,)
        if "remove" in e and "name" not in e:
            name = e["remove"]
            if len(e) != 1 or not isinstance(name, str):
                findings.append(over.finding(op, f"an entry that removes a {what} is `remove: NAME` alone"))
            elif name not in index:
                findings.append(over.finding(op + ("remove",), f"the {what} '{name}' is not in the base file "
                                                               f"{base.file}: nothing to remove"))
            else:
                removed.add(index[name])
                last = slots.index(("base", index[name]))
            continue
        name = e.get("name")
        if isinstance(name, str) and name in given:
            findings.append(over.finding(op + ("name",), f"the {what} '{name}' is given twice "
                                                         f"(first at line {over.place(at.over + (given[name],)).line})"))
            continue
        if isinstance(name, str):
            given[name] = j
        if isinstance(name, str) and name in index:
            over_of[index[name]] = j
            last = slots.index(("base", index[name]))
        else:
            last += 1
            slots.insert(last, ("over", j))
    res: list = []
    for side, i in slots:
        if side == "base" and i in removed:
            continue
        to = at.out + (len(res),)
        if side == "over":
            _keep(over, at.over + (i,), o[i], out, None, to)
            res.append(o[i])
        elif i in over_of:
            j = over_of[i]
            p = _Paths(at.base + (i,), at.over + (j,), to)
            res.append(_merge_value(b[i], o[j], p, base, over, out, findings))
        else:
            _keep(base, at.base + (i,), b[i], out, base.file, to)
            res.append(b[i])
    return res


def _keep_key(src: Source, path: tuple, out: Source, file: str | None, to: tuple | None = None) -> None:
    kp = src.key_places.get(path)
    if kp is not None:
        out.key_places[path if to is None else to] = kp if file is None or kp.file else replace(kp, file=file)


def _keep(src: Source, path: tuple, value: Any, out: Source, file: str | None, to: tuple | None = None) -> None:
    """Copy the places of a value (its key's, and all below it) from src at path to out at to
    (the same path by default), marked with file."""
    to = path if to is None else to
    _keep_key(src, path, out, file, to)
    p = src.places.get(path)
    if p is not None:
        out.places[to] = p if file is None or p.file else replace(p, file=file)
    if isinstance(value, dict):
        for k, v in value.items():
            _keep(src, path + (k,), v, out, file, to + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _keep(src, path + (i,), v, out, file, to + (i,))


def _convert(node, path, src: Source, findings: list, loader, budget) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        if budget[0] == -1:
            p = _place(node)
            findings.append(Finding(src.file, p.line, p.column, f"the file expands to more than {_MAX_NODES} values (aliases?)"))
        return None
    src.places[path] = _place(node)
    if node.tag not in _PLAIN_TAGS:
        p = _place(node)
        findings.append(Finding(src.file, p.line, p.column,
                                f"YAML tag {node.tag.replace('tag:yaml.org,2002:', '!!')} is not allowed in a game file"))
        return None
    if isinstance(node, ScalarNode):
        if node.tag.endswith(":int") and len(node.value.lstrip("+-0")) > MAX_DIGITS:
            p = _place(node)
            findings.append(Finding(src.file, p.line, p.column, f"a number of more than {MAX_DIGITS} digits"))
            return None
        try:
            return loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError) as e:
            p = _place(node)
            findings.append(Finding(src.file, p.line, p.column, f"bad value: {getattr(e, 'problem', e)}"))
            return None
    if isinstance(node, SequenceNode):
        return [_convert(child, path + (i,), src, findings, loader, budget) for i, child in enumerate(node.value)]
    if isinstance(node, MappingNode):
        try:
            loader.flatten_mapping(node)  # merge keys (<<) become plain entries
        except yaml.YAMLError as e:
            p = _place(node)
            findings.append(Finding(src.file, p.line, p.column, f"bad merge: {getattr(e, 'problem', e)}"))
            return {}
        out: dict = {}
        for knode, vnode in node.value:
            if not isinstance(knode, ScalarNode) or knode.tag not in _PLAIN_TAGS:
                p = _place(knode)
                findings.append(Finding(src.file, p.line, p.column, "a mapping key must be a plain text"))
                continue
            key = loader.construct_object(knode, deep=True)
            if not isinstance(key, str):
                key = str(key) if isinstance(key, (int, bool)) or key is None else key
            if key in out:
                p = _place(knode)
                first = src.key_places[path + (key,)]
                findings.append(Finding(src.file, p.line, p.column,
                                        f"duplicate key '{key}' (first at line {first.line})"))
                continue
            src.key_places[path + (key,)] = _place(knode)
            out[key] = _convert(vnode, path + (key,), src, findings, loader, budget)
        return out
    return None
