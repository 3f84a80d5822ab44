"""stride(D) on its made-up game tests/data/words/strides.yaml (Counting lanes): a piece moves
exactly as many cells as there are pieces on the whole line through it (both ways, itself
included); over=none|mine|theirs|any says what it may pass over, capture=no|yes|only what it may
land on. Every figure computed by hand from the game's rules (see each test)."""
from __future__ import annotations

from pathlib import Path

import pytest

import rulebook
from rulebook import load_game
from rulebook.source.load import GameFileError

try:
    from rulebook.play.measure import perft
except ImportError:                      # the older home of perft
    from rulebook.analysis import perft

GAME = Path(__file__).resolve().parents[2] / "tests" / "data" / "words" / "strides.yaml"
GHOST = "ghost: stride(adjacent, over=mine)"


def moves(g, pieces, to_move="white"):
    st = g.position(pieces, to_move=to_move)
    return sorted(g.move_str(m) for m in g.legal_moves(st))


def test_perft_from_the_start():
    """Six pieces, a1 c1 e1 (white) and a5 c5 e5. The runner a1: rank 1 holds 3 pieces, so east
    is 3 cells over the ghost c1 (no passing for a runner); file a holds 2: a1-a3; its diagonal
    holds a1 and e5: 2 cells to c3, empty, but diagonally it only captures. The ghost c1: 3 cells
    along rank 1 leave the board both ways; file c holds 2: c3, the well (refused); each diagonal
    holds only itself: b2, d2. The raider e1: west 3 cells would pass over the ghost (a raider
    passes only enemies); file e holds 2: e3. So 4 moves."""
    g = load_game(GAME)
    st = g.initial_state()
    assert sorted(g.move_str(m) for m in g.legal_moves(st)) == ["a1-a3", "c1-b2", "c1-d2", "e1-e3"]
    assert perft(g, st, 1) == 4


def test_a_raider_passes_over_enemies_and_captures():
    """Raider a1, ghost e1 (white); runner b1, ghost a3, raider e5 (black). Rank 1 holds a1 b1
    e1: the raider goes 3 cells east over the enemy b1 to d1; file a holds a1 a3: 2 cells, onto
    the enemy a3, captured. The ghost e1 cannot land on the enemy b1 3 cells west (it never
    captures); file e holds e1 e5: e3; its diagonal towards a5 holds only itself: d2."""
    g = load_game(GAME)
    assert moves(g, {"white": {"raider": ["a1"], "ghost": ["e1"]},
                     "black": {"runner": ["b1"], "ghost": ["a3"], "raider": ["e5"]}}) == \
        ["a1-d1", "a1xa3", "e1-d2", "e1-e3"]


def test_a_runner_counts_the_whole_line_and_captures_diagonally_only():
    """Runner c1, ghost c2 (white); raider a3, ghost e3, runner c5 (black). File c holds c1 c2
    c5: 3 cells north would pass over the ghost c2 (a runner passes nothing); rank 1 holds only
    the runner: b1, d1; each diagonal holds it and an enemy 2 cells away: c1xa3, c1xe3 (over any
    piece, capture only). The ghost c2: file c's 3 cells north land on the enemy c5 (no
    capture), south leave the board; rank 2 and the diagonals hold only itself (the diagonal
    b1-e4 counts b1 behind it too, empty): one cell each way, b1 b2 b3 d1 d2 d3."""
    g = load_game(GAME)
    assert moves(g, {"white": {"runner": ["c1"], "ghost": ["c2"]},
                     "black": {"raider": ["a3"], "ghost": ["e3"], "runner": ["c5"]}}) == \
        ["c1-b1", "c1-d1", "c1xa3", "c1xe3", "c2-b1", "c2-b2", "c2-b3", "c2-d1", "c2-d2", "c2-d3"]


P3 = {"white": {"ghost": ["a1"], "runner": ["a2"], "raider": ["b1"]}, "black": {"runner": ["c1"], "ghost": ["e5"]}}


def test_a_ghost_passes_over_its_own_side_only():
    """Ghost a1, runner a2, raider b1 (white); runner c1, ghost e5 (black). The ghost: file a holds
    a1 a2, 2 cells over its own runner: a3; rank 1 holds a1 b1 c1, 3 cells to d1 over its own b1
    but then the enemy c1: refused; the diagonal holds a1 and e5: c3, the well, refused by the
    landing rule. The runner a2: file a, 2 cells: a4; rank 2, 1 cell: b2; its diagonals capture
    nothing. The raider b1: rank 1's 3 cells east over the enemy c1: e1; file b, 1 cell: b2."""
    g = load_game(GAME)
    assert moves(g, P3) == ["a1-a3", "a2-a4", "a2-b2", "b1-b2", "b1-e1"]


def test_why_names_the_stride_and_the_landing_rule():
    g = load_game(GAME)
    st = g.position(P3, to_move="white")
    assert g.explain(st, "a1-c3").startswith("'a1-c3' is refused by rule 'dry' of phase 'play' (")
    # one cell where the line counts two; two cells where the raider's line counts three
    assert g.explain(st, "a2-a3").startswith(
        "'a2-a3' is refused by the condition stride(orth, capture=yes) of phase 'play' (")
    assert g.explain(st, "b1-d1").startswith(
        "'b1-d1' is refused by the condition stride(orth, over=theirs, capture=yes) of phase 'play' (")
    assert g.explain(st, "a1-d1") == "'a1-d1': no pattern of phase 'play' reaches d1 from a1"   # c1 on the way


def test_blocked_loses():
    """A lone white ghost on a1; black runners a3 and b1, black ghost c3. File a holds a1 a3: 2
    cells, onto the enemy a3 (a ghost never captures); rank 1 holds a1 b1: 2 cells to c1, over
    the enemy b1 (refused); the diagonal holds a1 and c3: 2 cells, onto the enemy c3. White has no
    move and loses (blocked: lose)."""
    g = load_game(GAME)
    st = g.position({"white": {"ghost": ["a1"]}, "black": {"runner": ["a3", "b1"], "ghost": ["c3"]}},
                    to_move="white")
    assert g.legal_moves(st) == [] and g.is_over(st)
    assert g.outcome(st).winners == ("black",)


def test_a_stride_after_another_counts_the_piece_where_it_stands(tmp_path):
    """Two strides in a row (the raider's pattern changed), the raider a1 alone but for e5 (on
    none of its lines): 1 cell, to a2 or b1. From a2 file a holds only the piece (its origin a1
    is empty now): 1 cell, a3 (a4 if the origin were counted), or back onto a1 (its origin: no
    move); rank 2: b2. From b1 rank 1 holds only the piece: c1 (d1 if the origin were counted),
    or a1 (no move); file b: b2."""
    f = tmp_path / "two.yaml"
    f.write_text(GAME.read_text(encoding="utf-8").replace("raider: stride(orth, over=theirs, capture=yes)",
                                                        "raider: stride(orth) stride(orth)"), encoding="utf-8")
    g = load_game(f)
    st = g.position({"white": {"raider": ["a1"]}, "black": {"ghost": ["e5"]}}, to_move="white")
    assert sorted({g.move_str(m) for m in g.legal_moves(st)}) == ["a1-a3", "a1-b2", "a1-c1"]


@pytest.mark.parametrize("pattern, expected", [
    ("ghost: stride(adjacent, over=some)", "34:36: over must be none, mine, theirs or any"),
    ("ghost: stride(well)", "34:21: stride needs a direction set, not a zone"),
    ("ghost: stride(adjacent, over=mine, kind=ghost)", "34:47: stride takes no option 'kind' (it takes capture, over)"),
    ("ghost: stride()", "34:14: stride needs a direction set: stride(DIRECTIONS)"),
    ("ghost: stride(adjacent, capture=maybe)", "34:39: capture must be no, yes or only"),
])
def test_a_misused_stride_is_located(tmp_path, pattern, expected):
    path = tmp_path / "broken.yaml"
    path.write_text(GAME.read_text(encoding="utf-8").replace(GHOST, pattern), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(path)
    assert [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings] == [expected]


def test_the_rules_say_it():
    g = load_game(GAME)
    from rulebook.look.prose import rules_prose
    text = rules_prose(g)
    assert "A ghost moves: move in any direction exactly as many cells as there are pieces on that line." in text
