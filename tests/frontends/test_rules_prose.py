"""`rulebook rules`: every shipped game's rules in plain English, told from its compiled Game."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest
import yaml

from conftest import GAMES, ROOT
from rulebook import load_game
from rulebook.look.prose import plain, rules_prose

SHIPPED = sorted(p.name for p in GAMES.glob("*.yaml"))


@pytest.mark.parametrize("name", SHIPPED)
def test_every_part_of_the_file_is_told(name):
    path = GAMES / name
    text = rules_prose(load_game(path))
    data = yaml.safe_load(path.read_text())
    if "extends" in data:                       # a variant: its base's words count too
        base = yaml.safe_load((path.parent / data["extends"]).read_text())
        data = {**base, **data}
    assert text.startswith("# ") and "## Board" in text and "## Play" in text and "## The end" in text
    assert "?" not in re.sub(r"`[^`]*`", "", text)    # every pattern and expression was said (no `?` left)
    for ph in data.get("phases", []):
        assert f": {ph['name']}" in text
        for rule in (ph.get("landing") or {}):
            assert f"rule **{rule}**" in text
    for opt, spec in (data.get("options") or {}).items():
        assert f"| `{opt}` | `{spec['default']}` |" in text


def test_lezug_in_words():
    text = rules_prose(load_game(GAMES / "lezug.yaml"))
    assert "A square grid of 17 files by 17 ranks" in text
    assert "3 held in reserve by each player" in text
    assert "either step to an empty neighbouring cell (along dirs); or (jump over an adjacent piece" in text
    assert "(`step(dirs) | jump(dirs, over=any)+ step(dirs)?`)" in text
    assert "rule **entry**: not (the landing cell is in the opponent's station) or none of the player's other pieces" in text
    assert "| `max_plies` | `2000` | at least 1 |" in text


def test_zug_in_words():
    text = rules_prose(load_game(GAMES / "zug.yaml"))
    assert "An open board of square tiles" in text and "- **bypass**: 9 of them; track S-N, S-E." in text
    assert "A sale carries one of the player's counters from a factory" in text
    assert "2 to 5 players (2 by default)" in text


def test_the_command_prints_markdown_or_text():
    md = subprocess.run([sys.executable, "-m", "rulebook", "rules", GAMES / "hex.yaml"], capture_output=True,
                        text=True, cwd=ROOT, timeout=120)
    assert md.returncode == 0 and md.stdout.startswith("# Hex\n") and "A board of hexagons: a rhombus 11 by 11" in md.stdout
    txt = subprocess.run([sys.executable, "-m", "rulebook", "rules", GAMES / "hex.yaml", "--format", "text"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert txt.returncode == 0 and txt.stdout.startswith("Hex\n") and "`" not in txt.stdout
    assert plain("## a **b** `c`") == "a b c"


@pytest.mark.parametrize("args, words", [(["no/such.yaml"], "no/such.yaml"),
                                         ([str(GAMES / "hex.yaml"), "--format", "html"], "markdown or text")])
def test_bad_input_is_one_clear_line(args, words):
    proc = subprocess.run([sys.executable, "-m", "rulebook", "rules", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 1 and words in proc.stderr and "Traceback" not in proc.stderr
