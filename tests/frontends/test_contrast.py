"""WCAG 2.x contrast of the page's and the pictures' colours (tools/contrast.py): every text at
4.5:1 on what it stands on, and what a player must see on the board (highlighted cells, marks,
pieces on their cells, the tile previewed) at 3:1, in the page's light and dark modes and over
every shipped game's pictures; docs/web.md keeps the table, checked here so it cannot go stale."""
from __future__ import annotations

import pytest

from tools import contrast


def test_the_ratio_is_wcags():
    assert contrast.ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast.ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)    # the well-known near miss
    assert contrast.ratio("#ffffff", "#767676") == pytest.approx(4.54, abs=0.01)
    assert contrast.over("#00000080", "#ffffff") == "#7f7f7f"


@pytest.mark.parametrize("pair", contrast.pairs(), ids=lambda p: f"{p.what} ({p.where})")
def test_every_pair_stands_out_enough(pair):
    assert pair.ratio >= pair.least, (f"{pair.what} ({pair.where}): {pair.fore} on {pair.back} is "
                                      f"{pair.ratio:.2f}:1, under {pair.least:g}:1")


def test_the_pairs_cover_both_modes_and_the_board():
    whats = {(p.what, p.where) for p in contrast.pairs()}
    assert {("page text", "light"), ("page text", "dark"), ("link", "dark")} <= whats
    kinds = " ".join(p.what for p in contrast.pairs())
    for words in ("a move may go to, on a light cell", "a move may go to, on a dark cell", "ring of a tile previewed",
                  "a piece on its cell", "a piece's letter"):
        assert words in kinds


def test_the_systems_dark_mode_is_the_toggles():
    """The @media rule (the system's dark setting) and the dark theme say the same colours."""
    modes = contrast.sheets()
    assert modes["system dark"].vars == modes["dark"].vars


def test_a_colour_below_its_least_fails_naming_the_pair():
    bad = contrast.Pair("grey text", "#999999", "#ffffff", contrast.TEXT, "light")
    with pytest.raises(AssertionError, match=r"grey text \(light\): #999999 on #ffffff is 2\.85:1, under 4\.5:1"):
        test_every_pair_stands_out_enough(bad)


def test_a_dark_cell_is_marked_so_and_its_marks_take_their_light_ink():
    """Backgammon's dark points carry data-tone="dark" (the page's highlights take their light ink
    there), the light ones do not."""
    from rulebook import load_game
    from rulebook.look import picture_svg
    from rulebook.look.style import look_for
    from conftest import GAMES
    game = load_game(GAMES / "backgammon.yaml")
    svg = picture_svg(game, game.initial_state(), look_for(game))
    assert 'data-tone="dark"' in svg and svg.count("data-cell=") > svg.count('data-tone="dark"') > 0


def test_docs_keep_the_table():
    kept = contrast.kept_table(contrast.DOC.read_text(encoding="utf-8"))
    assert kept is not None, f"docs/web.md has no contrast table between {contrast.BEGIN} and {contrast.END}"
    assert kept == contrast.table(), "docs/web.md's contrast table is stale: run python -m tools.contrast --write"
