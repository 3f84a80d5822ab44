"""`rulebook compile GAME`: the generated Python of a game, readable and valid as printed."""
from __future__ import annotations

import pytest

from conftest import GAMES, line_of, run_cli


@pytest.mark.parametrize("name", ["breakthrough", "chess", "lezug", "zug", "hex"])
def test_compile_prints_a_module_that_compiles(name):
    proc = run_cli("compile", GAMES / f"{name}.yaml")
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    assert text.startswith(f"# {GAMES / (name + '.yaml')}: the Python of ")
    compile(text, f"<{name}>", "exec")          # the whole print-out is one Python module
    assert "\n# ---- apply\ndef apply(st, move):" in text or name == "zug"


def test_compile_heads_each_generator_by_its_rules():
    text = run_cli("compile", GAMES / "chess.yaml", "--part", "play").stdout
    assert "# ---- play\n" in text and "# ---- apply" not in text
    assert "# move of a pawn (" in text and f"chess.yaml:{line_of(GAMES / 'chess.yaml', 'pawn: >-')}): step(ahead)" in text
    assert "    # the moves of a bishop (its pattern heads this function), searched from each one\n" in text
    assert "diagonal_rays_0 = RAYS['diagonal'][me]" in text       # names from the rules' words
    assert "# legal rule 'king_safe' (" in text and f"chess.yaml:{line_of(GAMES / 'chess.yaml', 'king_safe:')}), on the position after" in text


def test_compile_with_options_and_seats():
    text = run_cli("compile", GAMES / "zug.yaml", "--seats", "3", "-o", "counters=10").stdout
    assert "for 3 players" in text and "counters=10" in text


def test_compile_refuses_an_unknown_part():
    proc = run_cli("compile", GAMES / "tictactoe.yaml", "--part", "nope")
    assert proc.returncode == 1
    assert proc.stderr.startswith("--part 'nope': this game's parts are play, ")
