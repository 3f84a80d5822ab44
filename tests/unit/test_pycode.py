"""The questions the code generators ask of the Python they write (rulebook.lang.pycode), and the
names they give hoisted values (rulebook.lang.expr.slug)."""
from __future__ import annotations

from rulebook import load_game
from rulebook.lang import dsl
from rulebook.lang.expr import Emitter, Vocabulary, slug
from rulebook.lang.pycode import names, needed, pass_on

from conftest import GAMES


def test_names_are_tokens_not_words_in_strings_or_comments():
    code = "    x = cells[t]  # free cells\n        add('occ')\n"
    assert names(code) == {"x", "cells", "t", "add"}


def test_names_of_a_fragment_cut_from_a_function():
    # an indented block whose first line is deeper than the next, and a bracket left open
    code = "            if a:\n        b = (c +\n    d)"
    assert names(code) == {"a", "b", "c", "d"}


def test_needed_keeps_the_lets_read_through_one_another_in_order():
    lets = ["a = st[1]", "b = a + 1", "c = 7", "d = b * 2"]
    assert needed(lets, "return d") == ["a = st[1]", "b = a + 1", "d = b * 2"]
    assert needed(lets, "return 'd'") == []            # a string is not a name


def test_pass_on_renames_every_call_and_adds_the_parameters():
    src = ("def gen(st):\n"
           "    x = rep0(1, 2) + rep0(3, 4); y = [rep0()]\n"
           "    return x\n"
           "def rep0(a):\n"
           "    return rep0(a - 1) if a else 'rep0(a)'\n")
    out = pass_on(src, {"rep0": ("gen_rep0", ["me", "occ"])})
    ns: dict = {}
    exec(out, ns)
    assert "def gen_rep0(a, me, occ):" in out
    assert "gen_rep0(1, 2, me, occ) + gen_rep0(3, 4, me, occ)" in out
    assert "[gen_rep0(me, occ)]" in out
    assert "'rep0(a)'" in out                               # inside a string: not a call


def test_slug_speaks_the_expression():
    assert slug(dsl.parse("piece_at(last) == pawn")) == "piece_at_last_is_pawn"
    assert slug(dsl.parse("origin in pawn_rank")) == "origin_in_pawn_rank"
    assert slug(dsl.parse("count(mine.soldier_of_the_guard) >= 3"), most=16) == "count_mine"


def test_hoisted_names_differ_for_different_code():
    em = Emitter(Vocabulary({}, {}))
    a = em.hoist(0, "X[me]", "rays")
    b = em.hoist(0, "Y[me]", "rays")
    assert a == em.hoist(0, "X[me]", "rays") and a != b and {a, b} == {"rays_0", "rays_0_2"}


def test_generated_code_names_its_tables_by_the_rules_words():
    src = "\n".join(load_game(GAMES / "chess.yaml").sources.values())
    assert "RAYS['diagonal'][me]" in src and "diagonal_rays_0" in src
    assert "h0_" not in src


def test_the_line_reader_names_what_pythons_tokenizer_names():
    """names() reads lines with a regex of its own (tokenize costs a start-up); on every line of
    every shipped grid game's code, and on strings, numbers and comments, both give the same."""
    import io
    import keyword
    import tokenize

    from rulebook.lang.pycode import _line_names

    def by_tokenizer(line):
        out = set()
        try:
            for t in tokenize.generate_tokens(io.StringIO(line).readline):
                if t.type == tokenize.NAME and not keyword.iskeyword(t.string):
                    out.add(t.string)
        except tokenize.TokenError:
            pass
        return frozenset(out)

    lines = ["x = 'a b' + f\"{y}\"  # z w", "a = 0x1F + 1e5 + .5j + b1 + 1_000", "s = '''q''' + r'\\'' + t",
             "u = \"it's\" + v", "rb'x' + Rb\"y\" + w", "if not (a and b) or c is None: return d"]
    for path in sorted(GAMES.glob("*.yaml")):
        game = load_game(path)
        for source in getattr(game, "sources", {}).values():
            lines += source.split("\n")
    assert len(lines) > 3000
    for line in lines:
        assert _line_names(line.strip()) == by_tokenizer(line.strip()), line
