"""The words of tile games' expressions, for every rule set: one builder, `vocabulary(rule_set,
context, ...)`, gathering the names each word the rule set takes (words.RULE_SETS) gives that
context, then the names the file lists (its features, its marks), then its options. Shared by the
checks (seats and option values unknown) and the compiled games (both known).

The contexts, each the expressions about one thing:
  SEAT     a seat `me` of a position `st` (track: `until`, `scoring`, `evaluate`; sides:
           `evaluate`; paths: `scoring`, `evaluate`)
  FEATURE  a feature `F` of the features `FS` of a position (sides: a part's `complete`, `end`)
  GAME     the game as set up, its seats and options (`counters.supply`)

A word's module gives its names as NAMES (name: (type, code)), FUNCTIONS (name: (argument types,
type, code, meaning)) and LISTED ((list, type, code): a name for each of a list the rules give),
each keyed by a context, or by (context, rule set) for a name only that rule set's expressions
know. A code is a template: {seats} (the seats, or NSEATS while checking), {width} (a census
row's, seats + 2, or W), {0}... a function's arguments, {i} a listed name's place."""
from __future__ import annotations

from ...lang import dsl
from ...lang.expr import Function, Symbol, Vocabulary
from ...source.options import option_symbols
from .words import FEATURE, GAME, RULE_SETS, SEAT, word

__all__ = ["FEATURE", "GAME", "SEAT", "reserved", "vocabulary", "walk"]


def _given(module, attr: str, rule_set: str, context: str) -> list:
    """What a word's module gives a context of a rule set under `attr` (NAMES, FUNCTIONS: their
    (name, entry) pairs; LISTED: its one entry), those for every rule set first."""
    table = getattr(module, attr, {})
    out = []
    for key in (context, (context, rule_set)):
        if key in table:
            out += table[key].items() if isinstance(table[key], dict) else [table[key]]
    return out


def vocabulary(rule_set: str, context: str, spec: dict, lists: dict | None = None, seats: int | None = None,
               option_values=None) -> Vocabulary:
    """The names and functions of `context`'s expressions in `rule_set`; `lists` the rules' lists
    of names (features, marks) by name."""
    fill = {"seats": repr(seats) if seats is not None else "NSEATS",
            "width": repr(seats + 2) if seats is not None else "W"}
    modules = [word(w) for w, sets in RULE_SETS.items() if rule_set in sets]
    names, functions, listed = {}, {}, {}
    for m in modules:
        for name, (type_, code) in _given(m, "NAMES", rule_set, context):
            names[name] = Symbol(type_, code.format(**fill))
        for name, (args, type_, code, meaning) in _given(m, "FUNCTIONS", rule_set, context):
            functions[name] = Function(args, type_, _emit(code, fill), meaning)
    for m in modules:
        for list_name, type_, code in _given(m, "LISTED", rule_set, context):
            for i, name in enumerate((lists or {}).get(list_name, ())):
                listed[name] = Symbol(type_, code.format(i=i))
    names.update(listed)
    names.update(option_symbols(spec, option_values))
    return Vocabulary(names, functions)


def _emit(code: str, fill: dict):
    return lambda a, t: code.format(*a, **fill)


def reserved(rule_set: str, context: str) -> set[str]:
    """The names a rule set's expressions of `context` know whatever the file (and `option`, `me`):
    not to be taken by a name the file gives."""
    vocab = vocabulary(rule_set, context, {})
    return set(vocab.names) | set(vocab.functions) | {"option", "me"}


def walk(node):
    yield node
    for v in vars(node).values():
        if isinstance(v, dsl.Node):
            yield from walk(v)
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, dsl.Node):
                    yield from walk(x)
