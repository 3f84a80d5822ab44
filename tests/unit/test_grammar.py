"""The rules language's grammar: sentences it accepts (and how it reads them) and rejects (and where)."""
from __future__ import annotations

import pytest

from rulebook.lang import dsl
from rulebook.lang.dsl import DslError

ACCEPTED = [
    ("expr", "count(mine in station) == 0 and ply < 10"),
    ("expr", "not (landing in opponent.station) or none(others in station)"),
    ("expr", "diagonal if all(mine in opponent.station) else forward"),
    ("expr", "(file + rank) % 2 == 0"),
    ("expr", "-3 * (a + b) // 2 >= -x"),
    ("expr", "0.5 + x / 2.25"),
    ("expr", "option.blocked == lose"),
    ("expr", "true or false"),
    ("expr", "f()"),
    ("expr", "index + ornament"),                     # names may start with a keyword
    ("pattern", "step(dirs) | jump(dirs, over=any)+ step(dirs)?"),
    ("pattern", "(step(a) step(b))* | drop(second, count=all)"),
    ("pattern", "drop(second, count=2)"),
    ("zone", "ranks 1..4"),
    ("zone", "rank 2 | file 3 | cells a1 b2"),
    ("zone", "all"),
    ("pattern", "jump(d, over=theirs, capture=yes)++"),       # possessive: go on while possible
    ("pattern", "slide(q) shoot(q, kind=arrow)"),
    ("pattern", "place(board) flip(adjacent)"),
    ("zone", "ranks 1..2 & files 1..5 | rank 3 & files 1..4"),
    ("zone", "opposite(camp) - cells a1"),
    ("zone", "(home | second) & files 2..3"),
    ("expr", "in_a_row(5, exact=option.exact_five)"),
]

REJECTED = [
    ("expr", "count(mine in", 1, 14, "ends too early"),
    ("expr", "a ++ 3", 1, 4, "unexpected '+'"),
    ("expr", "x $ 3", 1, 3, "unexpected character '$'"),
    ("expr", "a = 3", 1, 3, "unexpected '='"),
    ("expr", "if x else y", 1, 1, "unexpected 'if'"),
    ("expr", "", 1, 1, "empty expression"),
    ("expr", "f(x=1, 2)", 1, 8, "a plain argument after a named one"),
    ("expr", "f(x=1, x=2)", 1, 8, "'x' given twice"),
    ("pattern", "step(a) | | jump(a)", 1, 11, "unexpected '|'"),
    ("pattern", "step(a)+++", 1, 10, "unexpected '+'"),
    ("pattern", "step(a", 1, 7, "ends too early"),
    ("zone", "ranks 1..", 1, 10, "ends too early"),
    ("zone", "rank two", 1, 6, "unexpected 'two'"),
]


@pytest.mark.parametrize("kind,text", ACCEPTED)
def test_accepted(kind, text):
    assert isinstance(dsl.parse(text, kind), dsl.Node)


@pytest.mark.parametrize("kind,text,line,column,message", REJECTED)
def test_rejected_with_position(kind, text, line, column, message):
    with pytest.raises(DslError) as info:
        dsl.parse(text, kind)
    assert (info.value.line, info.value.column) == (line, column)
    assert message in info.value.message


def test_precedence_and_positions():
    tree = dsl.parse("a or b and not c == 1", "expr")
    assert isinstance(tree, dsl.BoolOp) and tree.op == "or"
    assert isinstance(tree.right, dsl.BoolOp) and tree.right.op == "and"
    assert isinstance(tree.right.right, dsl.Not)
    assert isinstance(tree.right.right.operand, dsl.Compare)
    assert (tree.right.right.operand.line, tree.right.right.operand.column) == (1, 18)


def test_pattern_structure():
    tree = dsl.parse("step(d) | jump(d, over=any)+ step(d)?", "pattern")
    assert isinstance(tree, dsl.Alt)
    seq = tree.right
    assert isinstance(seq, dsl.Seq) and seq.left.quant == "+" and seq.right.quant == "?"
    assert seq.left.body.kwargs["over"].dotted == "any"


def test_zone_structure():
    z = dsl.parse("ranks 1..4 | cells a1 c3", "zone")
    assert isinstance(z, dsl.ZoneUnion)
    assert (z.left.axis, z.left.low, z.left.high) == ("rank", 1, 4)
    assert z.right.cells == ["a1", "c3"]


@pytest.mark.parametrize("text, left, right", [("a.b - c", "a.b", "c"), ("a.b-1", "a.b", 1),
                                               ("opponent.off - off", "opponent.off", "off")])
def test_a_difference_after_a_dotted_name(text, left, right):
    """`a.b - c` is a difference: the `-` after a dotted name (where a zone could go on too) is
    the one terminal every `-` is."""
    node = dsl.parse(text)
    assert isinstance(node, dsl.BinOp) and node.op == "-"
    for side, want in ((node.left, left), (node.right, right)):
        assert (side.dotted if isinstance(side, dsl.Name) else side.value) == want
    zone = dsl.parse("a.b - c", "zone")
    assert isinstance(zone, dsl.ZoneUnion) and zone.op == "-"
    assert isinstance(dsl.parse("- a.b - -1"), dsl.BinOp)
