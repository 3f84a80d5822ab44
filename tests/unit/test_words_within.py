"""slide(D, within=ZONE) on its made-up game tests/data/words/within.yaml (The moat): the slide
goes only over cells of the zone; a cell outside it stops the slide as a piece would and is
never reached, not even to capture. Every figure computed by hand."""
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

GAME = Path(__file__).resolve().parents[2] / "tests" / "data" / "words" / "within.yaml"
PATTERN = "slide(orthogonal, capture=yes, within=land)"


def test_perft_from_the_start():
    g = load_game(GAME)
    # a1: a2 a3 a4, a5 taken, b1 c1 d1 (c1 is land); e1 the same: 14
    assert perft(g, g.initial_state(), 1) == 14


def test_the_moat_stops_a_slide_and_a_capture_across_it():
    g = load_game(GAME)
    st = g.position({"white": ["b3", "e1"], "black": ["d3", "e5"]}, to_move="white")
    assert sorted(g.move_str(m) for m in g.legal_moves(st)) == [
        "b3-a3", "b3-b1", "b3-b2", "b3-b4", "b3-b5",
        "e1-a1", "e1-b1", "e1-c1", "e1-d1", "e1-e2", "e1-e3", "e1-e4", "e1xe5"]


def test_why_names_the_slide_kept_within():
    g = load_game(GAME)
    st = g.position({"white": ["b3", "e1"], "black": ["d3", "e5"]}, to_move="white")
    refused = "is refused by the condition slide(orthogonal, capture=yes, within=land) of phase 'play'"
    assert g.explain(st, "b3-c3").startswith(f"'b3-c3' {refused} (")          # into the moat
    assert g.explain(st, "b3xd3").startswith(f"'b3xd3' {refused} (")          # across it


@pytest.mark.parametrize("pattern, expected", [
    ("slide(orthogonal, within=mine)", "22:36: slide(within=...) needs a zone, not a group of pieces"),
    ("slide(orthogonal, within=land if landing in land else land)",
     "22:36: slide(within=...) is read before the piece lands: it cannot depend on the landing cell"),
])
def test_a_misused_within_is_located(tmp_path, pattern, expected):
    path = tmp_path / "broken.yaml"
    path.write_text(GAME.read_text(encoding="utf-8").replace(PATTERN, pattern), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        rulebook.check_file(path)
    assert [f"{f.line}:{f.column}: {f.message}" for f in info.value.findings] == [expected]
