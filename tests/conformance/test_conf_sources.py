"""Conformance, generated code: the Python a game file compiles into (`game.sources`, one source
per generated function: move generators, apply, legal_moves, end conditions, attacked) stays
within a size bound and compiles on its own."""
from __future__ import annotations

import ast

import pytest

from conformance_cases import ALL, game

MAX_LINES = 3000      # generous: the biggest today is a few hundred lines (chess's move generator)

CASES = [c for c in ALL if getattr(game(c), "sources", None)]


def test_every_grid_game_has_sources():
    from conformance_cases import is_grid
    grid = [c for c in ALL if is_grid(c)]
    assert grid and set(grid) <= set(CASES)


@pytest.mark.parametrize("case", CASES)
def test_generated_sources_compile_within_the_bound(case):
    g = game(case)
    assert g.sources
    for name, src in g.sources.items():
        assert isinstance(src, str) and src.strip(), (case, name)
        lines = src.count("\n") + 1
        assert lines <= MAX_LINES, (case, name, lines)
        code = compile(src, f"<{case}:{name}>", "exec")
        tree = ast.parse(src)
        defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
        assert defined, (case, name)                  # each source defines its function(s)
        assert code.co_filename == f"<{case}:{name}>"
    if "apply" in g.sources:          # the grid kind: the Game API's apply and legal_moves are generated
        assert {"apply", "legal_moves"} <= set(g.sources)
