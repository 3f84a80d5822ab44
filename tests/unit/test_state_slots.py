"""The grid state's slots, declared once (rulebook/boards/grid/layout.py): the prologue, the
constructor and the index constants agree, and every compiled game keeps its layout's slots."""
from __future__ import annotations

import pytest

from rulebook import load_game
from rulebook.boards.grid import layout
from rulebook.boards.grid.layout import Layout

from conftest import GAMES


@pytest.mark.parametrize("general, extended, size", [(False, False, 7), (True, False, 10), (True, True, 12)])
def test_a_layout_reads_builds_and_unpacks_the_same_slots(general, extended, size):
    lay = Layout(general, extended)
    assert len(lay.slots) == size
    values = {s.name: f"value of {s.name}" for s in lay.slots}
    st = lay.make(**values)
    names = {}
    exec(lay.unpack(), names, ns := {"st": st})
    for i, s in enumerate(lay.slots):
        assert eval(lay.read(s.name), {}, {"st": st}) == values[s.name] == st[getattr(layout, s.name.upper())]
        assert ns[s.local] == st[i]
    assert eval(lay.build(), {}, ns) == st
    assert eval(lay.build(ply="'changed'"), {}, ns)[layout.PLY] == "changed"
    assert lay.unpack(result="_").split(" = ")[0].split(", ")[layout.RESULT] == "_"


@pytest.mark.parametrize("name", ["lezug", "breakthrough", "chess", "tictactoe", "english_draughts"])
def test_every_state_of_a_game_has_its_layouts_slots(name):
    g = load_game(GAMES / f"{name}.yaml")
    st = g.initial_state()
    assert len(st) == len(g.layout.slots)
    assert st[layout.TO_MOVE] == g.to_move(st) == 0 and st[layout.PLY] == g.ply(st) == 0
    after = g.apply(st, g.legal_moves(st)[0])
    assert len(after) == len(st) and after[layout.PLY] == 1 and after[layout.RESULT] is None


def test_the_grid_checker_imports_no_compiled_game():
    """rules.py (the checks) and what it imports stay below the game: only kind.py imports both."""
    import ast
    from pathlib import Path
    grid = Path(layout.__file__).resolve().parent
    below = {"rules", "patterns", "words", "functions", "topology", "vocabulary", "layout", "reach"}
    for path in [grid / f"{name}.py" for name in ("rules", "patterns", "vocabulary", "layout", "reach")] + \
            sorted((grid / "topology").glob("*.py")):
        name = path.stem
        tree = ast.parse(path.read_text())
        imported = {part for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1
                    for part in ([n.module.split(".")[0]] if n.module else [a.name for a in n.names])}
        if path.parent.name == "topology":      # its own modules, and nothing else of the kind
            imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 2}
            assert imported == set(), (name, imported)
            continue
        assert imported <= below, (name, imported - below)
    for word in list((grid / "words").glob("*.py")) + list((grid / "functions").glob("*.py")):
        tree = ast.parse(word.read_text())
        imported = {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 2}
        # a bulk placement's tables are grouped by movegen's target_groups, imported at compile time only
        allowed = {"layout", "patterns", "topology", "words"} | ({"movegen"} if word.name == "place.py" else set())
        assert imported <= allowed, (word.name, imported)
