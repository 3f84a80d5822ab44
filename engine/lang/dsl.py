"""Parse rules-language strings into small syntax-tree classes that keep their positions.

The grammar is grammar/rules.lark. A syntax error becomes a DslError whose line and column are
relative to the string; the checker maps them into the game file.
"""
from __future__ import annotations

from ..structs import struct
from functools import lru_cache

from ..grammar import grammar_text

# lark is imported when a string is first parsed, not with this module: a command served from
# the compile cache never needs it, and start-up time is a feature.


@struct
class DslError(Exception):
    message: str
    line: int = 1      # 1-based, inside the string
    column: int = 1    # 1-based, inside the string

    def __str__(self) -> str:
        return self.message


def _node(cls):
    """A syntax-tree node class: its annotated fields, in order, given by position or by name,
    then `line` and `column` by name. What @dataclass(eq=False) would make, without generating
    and compiling code for each of these classes at import (start-up time is a feature)."""
    fields = tuple(cls.__dict__.get("__annotations__", {}))

    def __init__(self, *values, line: int = 1, column: int = 1, **named):
        if len(values) > len(fields) or set(named) - set(fields[len(values):]) or \
                len(values) + len(named) != len(fields):
            raise TypeError(f"{cls.__name__} takes {', '.join(fields) or 'no fields'} (then line, column)")
        self.line, self.column = line, column
        self.__dict__.update(zip(fields, values))
        self.__dict__.update(named)

    def __repr__(self):
        return f"{cls.__name__}({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"

    cls.__init__, cls.__repr__, cls._fields = __init__, __repr__, fields
    return cls


class Node:
    line: int = 1
    column: int = 1


# ---- expressions ----
@_node
class Num(Node):
    value: int | float


@_node
class Bool(Node):
    value: bool


@_node
class Name(Node):
    parts: tuple[str, ...]

    @property
    def dotted(self) -> str:
        return ".".join(self.parts)


@_node
class Call(Node):
    func: str
    args: list
    kwargs: dict


@_node
class BinOp(Node):
    op: str
    left: Node
    right: Node


@_node
class Compare(Node):
    op: str
    left: Node
    right: Node


@_node
class In(Node):
    left: Node
    right: Node


@_node
class BoolOp(Node):
    op: str            # "and" | "or"
    left: Node
    right: Node


@_node
class Not(Node):
    operand: Node


@_node
class Neg(Node):
    operand: Node


@_node
class IfElse(Node):
    then: Node
    cond: Node
    other: Node


# ---- patterns ----
@_node
class Action(Node):
    name: str
    args: list          # Name nodes
    kwargs: dict        # str -> Name


@_node
class Alt(Node):
    left: Node
    right: Node


@_node
class Seq(Node):
    left: Node
    right: Node


@_node
class Rep(Node):
    body: Node
    quant: str          # "+" | "*" | "?"


# ---- zones ----
@_node
class ZoneLines(Node):
    axis: str           # "rank" | "file"
    low: int
    high: int


@_node
class ZoneCells(Node):
    cells: list[str]


@_node
class ZoneAll(Node):
    pass


@_node
class ZoneUnion(Node):
    left: Node
    right: Node
    op: str = "|"       # | union, & intersection, - difference


@_node
class ZoneRef(Node):
    name: str           # another zone of the file (as seen by the same player)


@_node
class ZoneOpposite(Node):
    zone: Node          # the zone turned half a turn about the board's centre


@_node
class ZoneEdge(Node):
    direction: str      # a direction word (north-east, front-left): the board's last cells that way


def walk(node: Node):
    """Every node of a sentence, the node itself first (without recursion: sentences may be deep)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        for v in vars(n).values():
            if isinstance(v, Node):
                stack.append(v)
            elif isinstance(v, (list, tuple)):
                stack.extend(x for x in v if isinstance(x, Node))
            elif isinstance(v, dict):
                stack.extend(x for x in v.values() if isinstance(x, Node))


def _at(node: Node, meta_or_token) -> Node:
    node.line = getattr(meta_or_token, "line", 1) or 1
    node.column = getattr(meta_or_token, "column", 1) or 1
    return node


class _ToAstMethods:
    def int_(self, meta, c):
        return _at(Num(int(c[0])), c[0])

    def decimal(self, meta, c):
        return _at(Num(float(c[0])), c[0])

    def true(self, meta, c):
        return _at(Bool(True), meta)

    def false(self, meta, c):
        return _at(Bool(False), meta)

    def name(self, meta, c):
        return _at(Name(tuple(str(t) for t in c)), c[0])

    def arguments(self, meta, c):
        return list(c)

    action_args = arguments

    def keyword(self, meta, c):
        return ("kw", str(c[0]), c[1], c[0])

    def _split(self, items):
        args, kwargs = [], {}
        for it in items or []:
            if isinstance(it, tuple) and it and it[0] == "kw":
                if it[1] in kwargs:
                    raise DslError(f"'{it[1]}' given twice", it[3].line, it[3].column)
                kwargs[it[1]] = it[2]
            else:
                if kwargs:
                    raise DslError("a plain argument after a named one", it.line, it.column)
                args.append(it)
        return args, kwargs

    def call(self, meta, c):
        args, kwargs = self._split(c[1])
        return _at(Call(str(c[0]), args, kwargs), c[0])

    def action(self, meta, c):
        args, kwargs = self._split(c[1])
        return _at(Action(str(c[0]), args, kwargs), c[0])

    def binop(self, meta, c):
        return _at(BinOp(str(c[1]), c[0], c[2]), c[1])

    def compare(self, meta, c):
        return _at(Compare(str(c[1]), c[0], c[2]), c[1])

    def in_(self, meta, c):
        return _at(In(c[0], c[1]), meta)

    def and_(self, meta, c):
        return _at(BoolOp("and", c[0], c[1]), meta)

    def or_(self, meta, c):
        return _at(BoolOp("or", c[0], c[1]), meta)

    def not_(self, meta, c):
        return _at(Not(c[0]), meta)

    def neg(self, meta, c):
        return _at(Neg(c[1]), meta)

    def ifelse(self, meta, c):
        return _at(IfElse(c[0], c[1], c[2]), meta)

    def alt(self, meta, c):
        return _at(Alt(c[0], c[1]), meta)

    def seq(self, meta, c):
        return _at(Seq(c[0], c[1]), meta)

    def rep(self, meta, c):
        return _at(Rep(c[0], str(c[1])), meta)

    def zone_rank(self, meta, c):
        return _at(ZoneLines("rank", int(c[0]), int(c[0])), meta)

    def zone_ranks(self, meta, c):
        return _at(ZoneLines("rank", int(c[0]), int(c[1])), meta)

    def zone_file(self, meta, c):
        return _at(ZoneLines("file", int(c[0]), int(c[0])), meta)

    def zone_files(self, meta, c):
        return _at(ZoneLines("file", int(c[0]), int(c[1])), meta)

    def zone_cells(self, meta, c):
        return _at(ZoneCells([str(t) for t in c]), meta)

    def zone_all(self, meta, c):
        return _at(ZoneAll(), meta)

    def zone_union(self, meta, c):
        return _at(ZoneUnion(c[0], c[1], "|"), meta)

    def zone_inter(self, meta, c):
        return _at(ZoneUnion(c[0], c[1], "&"), meta)

    def zone_diff(self, meta, c):
        return _at(ZoneUnion(c[0], c[2], "-"), meta)

    def zone_ref(self, meta, c):
        return _at(ZoneRef(c[0].dotted), c[0])

    def zone_opposite(self, meta, c):
        return _at(ZoneOpposite(c[0]), meta)

    def zone_call(self, meta, c):
        if str(c[0]) != "edge":
            raise DslError(f"unknown zone term '{c[0]}(...)' (a zone's terms: rank, ranks, file, files, cells, all, "
                           "opposite(ZONE), edge(DIRECTION))", c[0].line, c[0].column)
        return _at(ZoneEdge(str(c[1]).replace("_", "-")), c[1])


@lru_cache(maxsize=1)
def _to_ast():
    """The tree-to-AST transformer: the methods above, as a lark Transformer."""
    from lark import Transformer, v_args
    methods = {k: v for k, v in vars(_ToAstMethods).items() if not k.startswith("__")}
    return v_args(meta=True)(type("_ToAst", (Transformer,), methods))()


@lru_cache(maxsize=1)
def _parser():
    from lark import Lark
    return Lark(grammar_text(), parser="lalr", start=["expr", "pattern", "zone"],
                propagate_positions=True, maybe_placeholders=True)


_TOKEN_WORDS = {
    "NAME": "a name", "INT": "a number", "DECIMAL": "a number", "LPAR": "'('", "RPAR": "')'", "COMMA": "','",
    "COMPARE": "a comparison", "PLUS": "'+'", "MULOP": "'*', '/', '//' or '%'",
    "QUANT": "'+', '*' or '?'", "VBAR": "'|'", "CELL": "a cell such as a1", "EQUAL": "'='",
    "DOT": "'.'", "$END": "the end", "MINUS": "'-'", "AMPERSAND": "'&'",
}


def _expected(names) -> str:
    words = sorted({_TOKEN_WORDS.get(n, f"'{n.lower()}'" if n.isupper() and not n.startswith("__")
                                     else n) for n in names if not n.startswith("__ANON")})
    return ", ".join(words[:8]) + (" ..." if len(words) > 8 else "")


MAX_LENGTH = 2000      # characters in one sentence
MAX_DEPTH = 60         # operators, calls and parentheses inside one another


def parse(text: str, kind: str = "expr") -> Node:
    """Parse one sentence of the given kind ("expr", "pattern" or "zone")."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
    text = str(text)
    if not text.strip():
        raise DslError(f"empty {_KIND_WORDS[kind]}", 1, 1)
    if len(text) > MAX_LENGTH:
        raise DslError(f"this {_KIND_WORDS[kind]} is longer than {MAX_LENGTH} characters", 1, 1)
    try:
        tree = _parser().parse(text, start=kind)
    except UnexpectedToken as e:
        tok = e.token
        if tok.type == "$END":
            lines = text.split("\n")
            raise DslError(f"{_KIND_WORDS[kind]} ends too early; expected {_expected(e.expected)}",
                           len(lines), len(lines[-1]) + 1) from None
        if tok.type == "EQUAL" and kind == "expr":    # `a = b`: the comparison is ==
            raise DslError(f"unexpected '=' in {_KIND_WORDS[kind]}: did you mean '=='? (equality is written ==; "
                           f"a single = only names an argument, as in drop(zone, count=2))", e.line, e.column) from None
        raise DslError(f"unexpected {str(tok)!r} in {_KIND_WORDS[kind]}; expected {_expected(e.expected)}",
                       e.line, e.column) from None
    except UnexpectedCharacters as e:
        raise DslError(f"unexpected character {text[e.pos_in_stream]!r} in {_KIND_WORDS[kind]}",
                       e.line, e.column) from None
    except UnexpectedEOF as e:
        lines = text.split("\n")
        raise DslError(f"{_KIND_WORDS[kind]} ends too early; expected {_expected(e.expected)}",
                       len(lines), len(lines[-1]) + 1) from None
    except UnexpectedInput as e:  # any other lark complaint
        raise DslError(f"cannot read this {_KIND_WORDS[kind]}", getattr(e, "line", 1), getattr(e, "column", 1)) from None
    _check_depth(tree, kind)        # the steps below recurse: bound them first
    try:
        return _to_ast().transform(tree)
    except Exception as e:  # VisitError wrapping a DslError
        inner = getattr(e, "orig_exc", e)
        if isinstance(inner, DslError):
            raise inner from None
        raise


_KIND_WORDS = {"expr": "expression", "pattern": "pattern", "zone": "zone"}


def _check_depth(tree, kind: str) -> None:
    """DslError at the first subtree nested deeper than MAX_DEPTH (walked without recursion)."""
    from lark import Tree
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            meta = getattr(node, "meta", None)
            raise DslError(f"this {_KIND_WORDS[kind]} nests deeper than {MAX_DEPTH} levels; split it with `let` names "
                           "or simpler parts", getattr(meta, "line", 1) or 1, getattr(meta, "column", 1) or 1)
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
