"""Type-check rules-language expressions and turn them into Python source.

A game's words (names and functions) come from a Vocabulary built by the board kind (grid,
tiles). Each name has a type and a *level*: 0 = known at the start of a turn, 1 = depends on
the moving piece's origin, 2 = depends on the landing cell. The emitter hoists every
sub-expression to the lowest level it needs, so a rule evaluated at each landing recomputes
only what truly changes there: this is what makes compiled rules cheap.
"""
from __future__ import annotations

from ..structs import struct, field
from typing import Callable

from . import dsl
from .dsl import DslError

INT, NUM, BOOL, CELL, GROUP, ZONE, DIRS, SELECTION, CHOICE = (
    "number", "number", "condition", "cell", "group of pieces", "zone", "direction set",
    "selection", "choice")
NUMERIC = {INT}


@struct
class Symbol:
    type: str
    code: str                 # Python source for its value
    level: int = 0
    choices: tuple = ()       # for CHOICE symbols: the allowed words
    has: str = ""             # for ZONE symbols: source of a per-cell membership table
    # for a per-origin GROUP that is a per-turn group with one bit flipped (the mover's pieces,
    # the moving one lifted): (the per-turn group's code, its word, the bit's code); a selection
    # of it in a per-turn zone is then also given as the per-turn group's part in the zone
    # (hoisted) with the bit flipped there
    lifted: tuple = ()


@struct
class Function:
    """A function of the language: checks its argument types, emits code."""
    arg_types: tuple[tuple[str, ...], ...]      # per positional argument, the accepted types
    result: str | Callable[[list[str]], str]
    emit: Callable[..., str]                    # emit(args_code: list[str], arg_types: list[str]) -> code
    about: str = ""
    # named arguments: name -> (accepted types, code when not given); their codes follow the
    # positional ones in `emit`'s list, in this order
    keywords: dict[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)


@struct
class Vocabulary:
    names: dict[str, Symbol] = field(default_factory=dict)
    functions: dict[str, Function] = field(default_factory=dict)
    # `CELL in GROUP` (does a piece of the group stand on the cell?): its code, from the cell's
    # and the group's, where the board kind offers it
    member: Callable[[str, str], str] | None = None

    def child(self, **names: Symbol) -> "Vocabulary":
        return Vocabulary({**self.names, **names}, self.functions, self.member)


def _fail(node: dsl.Node, message: str):
    raise DslError(message, node.line, node.column)


def typecheck(node: dsl.Node, vocab: Vocabulary) -> tuple[str, int]:
    """Return (type, level) of an expression; raise DslError at the offending token."""
    t, lvl = _check(node, vocab)
    node.type, node.level = t, lvl
    return t, lvl


def _check(node, vocab):
    if isinstance(node, dsl.Num):
        return INT, 0
    if isinstance(node, dsl.Bool):
        return BOOL, 0
    if isinstance(node, dsl.Name):
        if getattr(node, "word", False):      # a choice word, marked by _bare_words
            return CHOICE, 0
        sym = vocab.names.get(node.dotted)
        if sym is None:
            if node.dotted in vocab.functions:
                _fail(node, f"'{node.dotted}' is a function: write {node.dotted}(...)")
            known = suggest(node.dotted, vocab.names)
            _fail(node, f"unknown name '{node.dotted}'{known}")
        return sym.type, sym.level
    if isinstance(node, dsl.Call):
        fn = vocab.functions.get(node.func)
        if fn is None:
            _fail(node, f"unknown function '{node.func}'{suggest(node.func, vocab.functions)}")
        for k in node.kwargs:
            if k not in fn.keywords:
                known = f" (it takes {', '.join(fn.keywords)})" if fn.keywords else ""
                _fail(node.kwargs[k], f"{node.func}() takes no named argument '{k}'{known}")
        if len(node.args) != len(fn.arg_types):
            _fail(node, f"{node.func}() takes {len(fn.arg_types)} argument{'s' if len(fn.arg_types) != 1 else ''}, "
                        f"not {len(node.args)}")
        types, level = [], 0
        for arg, accepted in zip(node.args, fn.arg_types):
            t, lv = typecheck(arg, vocab)
            if t not in accepted:
                _fail(arg, f"{node.func}() needs {' or '.join(_a(x) for x in accepted)} here, not {_a(t)}")
            types.append(t)
            level = max(level, lv)
        for k, (accepted, _default) in fn.keywords.items():
            if k in node.kwargs:
                t, lv = typecheck(node.kwargs[k], vocab)
                if t not in accepted:
                    _fail(node.kwargs[k], f"{node.func}({k}=...) needs {' or '.join(_a(x) for x in accepted)}, not {_a(t)}")
                level = max(level, lv)
        node.arg_types = types
        result = fn.result(types) if callable(fn.result) else fn.result
        return result, level
    if isinstance(node, dsl.In):
        lt, ll = typecheck(node.left, vocab)
        rt, rl = typecheck(node.right, vocab)
        if lt == CELL and rt == GROUP and vocab.member is not None:
            return BOOL, max(ll, rl)
        if rt != ZONE or not isinstance(node.right, dsl.Name):
            _fail(node.right, f"'in' needs a zone's name on its right, not {_a(rt)}")
        if lt == CELL:
            return BOOL, max(ll, rl)
        if lt == GROUP:
            return SELECTION, max(ll, rl)
        _fail(node.left, f"'in' needs a cell or a group of pieces on its left, not {_a(lt)}")
    if isinstance(node, dsl.BinOp):
        lt, ll = typecheck(node.left, vocab)
        rt, rl = typecheck(node.right, vocab)
        for side, t in ((node.left, lt), (node.right, rt)):
            if t not in NUMERIC:
                _fail(side, f"'{node.op}' needs numbers, not {_a(t)}")
        return INT, max(ll, rl)
    if isinstance(node, dsl.Neg):
        t, lv = typecheck(node.operand, vocab)
        if t not in NUMERIC:
            _fail(node.operand, f"'-' needs a number, not {_a(t)}")
        return INT, lv
    if isinstance(node, dsl.Compare):
        if node.op in ("==", "!="):
            _bare_words(node, vocab)
        lt, ll = typecheck(node.left, vocab)
        rt, rl = typecheck(node.right, vocab)
        if node.op in ("==", "!="):
            if lt != rt and not (lt == CHOICE and isinstance(node.right, dsl.Name)) \
                    and not (rt == CHOICE and isinstance(node.left, dsl.Name)):
                _fail(node, f"cannot compare {_a(lt)} with {_a(rt)}")
            if lt == CHOICE or rt == CHOICE:
                _check_choice(node, vocab)
        else:
            for side, t in ((node.left, lt), (node.right, rt)):
                if t not in NUMERIC:
                    _fail(side, f"'{node.op}' needs numbers, not {_a(t)}")
        return BOOL, max(ll, rl)
    if isinstance(node, dsl.BoolOp):
        lt, ll = typecheck(node.left, vocab)
        rt, rl = typecheck(node.right, vocab)
        for side, t in ((node.left, lt), (node.right, rt)):
            if t != BOOL:
                _fail(side, f"'{node.op}' needs conditions, not {_a(t)}")
        return BOOL, max(ll, rl)
    if isinstance(node, dsl.Not):
        t, lv = typecheck(node.operand, vocab)
        if t != BOOL:
            _fail(node.operand, f"'not' needs a condition, not {_a(t)}")
        return BOOL, lv
    if isinstance(node, dsl.IfElse):
        ct, cl = typecheck(node.cond, vocab)
        if ct != BOOL:
            _fail(node.cond, f"'if' needs a condition, not {_a(ct)}")
        at, al = typecheck(node.then, vocab)
        bt, bl = typecheck(node.other, vocab)
        if at != bt:
            _fail(node.other, f"both sides of 'if ... else' must be of one type: {_a(at)} and {_a(bt)}")
        return at, max(cl, al, bl)
    _fail(node, "this is not an expression")


def _check_choice(node, vocab):
    """`option.blocked == lose`: the bare word on the other side must be one of the choices."""
    for sym_side, word_side in ((node.left, node.right), (node.right, node.left)):
        if isinstance(sym_side, dsl.Name) and sym_side.dotted in vocab.names and \
                vocab.names[sym_side.dotted].type == CHOICE and isinstance(word_side, dsl.Name):
            choices = vocab.names[sym_side.dotted].choices
            if word_side.dotted not in choices:
                _fail(word_side, f"'{word_side.dotted}' is not a choice of {sym_side.dotted} "
                                 f"({', '.join(map(str, choices))})")
            word_side.type, word_side.level, word_side.word = CHOICE, 0, True


def _bare_words(node, vocab):
    """`option.owner == any`: a bare word that names nothing, facing a choice option, is a word."""
    for sym_side, word_side in ((node.left, node.right), (node.right, node.left)):
        sym = vocab.names.get(sym_side.dotted) if isinstance(sym_side, dsl.Name) else None
        if sym is not None and sym.type == CHOICE and isinstance(word_side, dsl.Name) \
                and word_side.dotted not in vocab.names and word_side.dotted not in vocab.functions:
            word_side.word = True


def _a(t: str) -> str:
    return ("an " if t[0] in "aeiou" else "a ") + t


def suggest(name: str, known) -> str:
    """The tail " (did you mean 'x'?)" for an error about `name`: the closest of `known`, or "" if none is close."""
    import difflib
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


# ---------------------------------------------------------------- emission
_SPOKEN = {"==": "is", "!=": "not", "<": "lt", "<=": "le", ">": "gt", ">=": "ge", "+": "plus", "-": "minus",
           "*": "times", "/": "over", "//": "over", "%": "mod"}


def slug(node: dsl.Node, most: int = 24) -> str:
    """A Python name made of an expression's words (`piece_at(last) == pawn` -> `piece_at_last_is_pawn`),
    cut to about `most` characters at a word's end; "" when it has no words to say."""
    def words(n) -> list[str]:
        if isinstance(n, dsl.Name):
            return list(n.parts)
        if isinstance(n, (dsl.Num, dsl.Bool)):
            return [str(n.value).lower().replace(".", "p").replace("-", "minus")]
        if isinstance(n, dsl.Call):
            return [n.func] + [w for a in list(n.args) + list(n.kwargs.values()) for w in words(a)]
        if isinstance(n, (dsl.BinOp, dsl.Compare, dsl.BoolOp)):
            return words(n.left) + [_SPOKEN.get(n.op, n.op)] + words(n.right)
        if isinstance(n, dsl.In):
            return words(n.left) + ["in"] + words(n.right)
        if isinstance(n, (dsl.Not, dsl.Neg)):
            return ["not" if isinstance(n, dsl.Not) else "minus"] + words(n.operand)
        return []
    out = ""
    for w in words(node):
        w = "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in w.lower()).strip("_")
        if not w:
            continue
        if out and len(out) + 1 + len(w) > most:
            break
        out = f"{out}_{w}" if out else w
    return out if out[:1].isalpha() else ""


class Emitter:
    """Emits Python source for checked expressions, hoisting low-level parts into locals.

    `hoisted[level]` collects `name = code` lines to run once at that level; an expression
    emitted at a higher level refers to those names instead of recomputing them.
    """

    def __init__(self, vocab: Vocabulary, prefix: str = ""):
        self.vocab = vocab
        self.hoisted: dict[int, list[str]] = {0: [], 1: [], 2: []}
        self._memo: dict[tuple[int, str], str] = {}
        self._taken: set[str] = set()
        self._prefix = prefix

    def emit(self, node: dsl.Node, at_level: int | None = None) -> str:
        """Code for `node` to be evaluated at `at_level` (default: the node's own level)."""
        code = self._code(node)
        level = node.level
        if at_level is not None and level < at_level and not _trivial(code):
            return self.hoist(level, code, slug(node))
        return code

    def hoist(self, level: int, code: str, name: str = "") -> str:
        """A name for `code`, computed once at `level` (0: per turn, 1: per origin) in
        hoisted[level]: the same code at the same level is one name. The name says what it
        holds (`name`, from the rule's words: `in_pawn_rank_1`), its level after an underscore,
        which no other name of generated code ends with."""
        key = (level, code)
        if key not in self._memo:
            # two emitters writing into one function differ by their prefixes
            base = f"{self._prefix}{'_' if self._prefix else ''}{name}_{level}" if name else \
                f"{self._prefix or 'h'}{level}_{len(self._memo)}"
            var, n = base, 1
            while var in self._taken:
                n += 1
                var = f"{base}_{n}"
            self._taken.add(var)
            self.hoisted[level].append(f"{var} = {code}")
            self._memo[key] = var
        return self._memo[key]

    def _sub(self, node: dsl.Node, parent_level: int) -> str:
        return self.emit(node, parent_level)

    def _selection(self, node, lv) -> tuple:
        group, zone = self._sub(node.left, lv), self._sub(node.right, lv)
        sym = self.vocab.names.get(node.left.dotted) if isinstance(node.left, dsl.Name) else None
        if sym is not None and sym.lifted and node.right.level == 0 < lv:
            # (a lifted group's part in a per-turn zone: the whole group's part, per turn, with
            # the bit flipped: per origin only the bit's)
            whole, word, bit = sym.lifted
            part = self.hoist(0, f"({whole} & {zone})", f"{word}_{slug(node.right)}")
            return group, zone, f"(({part} ^ {bit}) & {zone})"
        return group, zone

    def _code(self, node) -> str:
        lv = node.level
        if isinstance(node, dsl.Num):
            return repr(node.value)
        if isinstance(node, dsl.Bool):
            return repr(node.value)
        if isinstance(node, dsl.Name):
            if getattr(node, "word", False):
                return repr(node.dotted)
            return self.vocab.names[node.dotted].code
        if isinstance(node, dsl.Call):
            fn = self.vocab.functions[node.func]
            # a selection (`group in zone`) reaches its function as (group code, zone code), or
            # (group code, zone code, the code of the group's part in the zone)
            args = [self._selection(a, lv) if a.type == SELECTION else self._sub(a, lv) for a in node.args]
            args += [self._sub(node.kwargs[k], lv) if k in node.kwargs else default
                     for k, (_t, default) in fn.keywords.items()]
            return fn.emit(args, node.arg_types)
        if isinstance(node, dsl.In):
            if node.type == SELECTION:
                raise DslError("a selection (group in zone) can only be used inside count(), all(), none() or any()",
                               node.line, node.column)
            if node.right.type == GROUP:
                return self.vocab.member(self._sub(node.left, lv), self._sub(node.right, lv))
            table = self.vocab.names[node.right.dotted].has
            if lv > node.right.level:
                table = self.hoist(node.right.level, table, f"in_{slug(node.right)}")      # cell -> 0 or 1
            return f"{table}[{self._sub(node.left, lv)}]"
        if isinstance(node, dsl.BinOp):
            left, right = self._sub(node.left, lv), self._sub(node.right, lv)
            if node.op in ("/", "//", "%") and not _nonzero_literal(right):
                # a divisor that may be 0: a located error, never a ZeroDivisionError
                return f"_divide({left}, {right}, {node.op!r}, {getattr(node, 'where', '?')!r})"
            return f"({left} {node.op} {right})"
        if isinstance(node, dsl.Neg):
            return f"(-{self._sub(node.operand, lv)})"
        if isinstance(node, dsl.Compare):
            left, right = self._sub(node.left, lv), self._sub(node.right, lv)
            if _number(left) is not None and _number(right) is not None:     # options make these: `80 > 0`
                return repr(_COMPARE[node.op](_number(left), _number(right)))
            if right == "0" and node.op in ("==", "!=", ">") and left.endswith(".bit_count()") and \
                    isinstance(node.left, dsl.Call):
                # a count against 0 asks whether the board is empty: no need to count its bits
                return f"({left[:-len('.bit_count()')]} {'==' if node.op == '==' else '!='} 0)"
            return f"({left} {node.op} {right})"
        if isinstance(node, dsl.BoolOp):
            left, right = self._sub(node.left, lv), self._sub(node.right, lv)
            if left in ("True", "False"):       # a folded constant: Python's own and/or, at compile time
                return right if (left == "True") == (node.op == "and") else left
            return f"({left} {node.op} {right})"
        if isinstance(node, dsl.Not):
            return f"(not {self._sub(node.operand, lv)})"
        if isinstance(node, dsl.IfElse):
            return f"({self._sub(node.then, lv)} if {self._sub(node.cond, lv)} else {self._sub(node.other, lv)})"
        raise AssertionError(node)


_COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _number(code: str):
    """The value of a number literal's code (ints as ints), else None."""
    text = code.strip("()")
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return None


def _nonzero_literal(code: str) -> bool:
    try:
        return float(code.strip("()")) != 0
    except ValueError:
        return False


def divide(a, b, op: str, where: str):
    """a op b for op in / // %, as generated code calls it when b may be 0."""
    if not b:
        from ..errors import RulebookError
        raise RulebookError(f"{where}: division by zero while playing (the divisor is 0 here)")
    return a / b if op == "/" else a // b if op == "//" else a % b


def _trivial(code: str) -> bool:
    return code.isidentifier() or code.lstrip("-").isdigit() or code in ("True", "False")
