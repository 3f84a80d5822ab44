"""Load a game file: YAML read safely into plain data, with the position of every value kept.

Only the plain YAML types are accepted (mappings, sequences, strings, numbers, booleans, null);
any other tag (`!!python/object`, a custom `!tag`) is refused with its location, so a game file
can never build objects or run code. Duplicate keys are errors, not silently the last one.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .api import RulebookError

_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_MAX_NODES = 200_000  # aliases can make a small file expand enormously


@dataclass(frozen=True)
class Place:
    """Where a value stands in its file (1-based), and how a scalar was written."""
    line: int
    column: int
    style: str | None = None      # None plain, "'" or '"' quoted, "|" or ">" block
    end_line: int = 0

    def inside(self, line: int, column: int) -> "Place":
        """The place of a character inside this scalar's text (line, column 1-based)."""
        if self.style in ("|", ">"):
            # a block scalar's text starts on the line after the indicator
            return Place(self.line + line, column + self.column + 1)
        quote = 1 if self.style in ("'", '"') else 0
        if line == 1:
            return Place(self.line, self.column + quote + column - 1)
        return Place(self.line + line - 1, column)


@dataclass
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


@dataclass
class Source:
    """A game file's data and the places of its values, keyed by path (keys and indexes)."""
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
        return Finding(self.file, p.line, p.column, message)


def _place(node) -> Place:
    m = node.start_mark
    style = node.style if isinstance(node, ScalarNode) else None
    return Place(m.line + 1, m.column + 1, style or None, node.end_mark.line + 1)


class _Loader(yaml.SafeLoader):
    pass


def load_source(path: str | Path, text: str | None = None) -> Source:
    """Read a game file into a Source; raise GameFileError with located findings."""
    name = str(path)
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise GameFileError([Finding(name, 1, 1, "no such file")]) from None
        except IsADirectoryError:
            raise GameFileError([Finding(name, 1, 1, "is a folder, not a game file")]) from None
        except UnicodeDecodeError as e:
            raise GameFileError([Finding(name, 1, 1, f"not UTF-8 text ({e.reason})")]) from None
        except OSError as e:
            raise GameFileError([Finding(name, 1, 1, f"cannot read: {e.strerror}")]) from None
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
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
        try:
            return loader.construct_object(node, deep=True)
        except yaml.YAMLError as e:
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
