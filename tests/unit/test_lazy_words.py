"""A game loads only the action words its rules use (words/__init__.py: a word's module is
imported on its first lookup), so a command's start-up does not pay for the others; the prose
still says every word of the rules."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from rulebook import load_game
game = load_game({path!r})
words = sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('rulebook.boards.grid.words.'))
print(' '.join(words))
print(game.info.actions['slide'])
"""


def test_a_compiled_game_imports_only_the_words_it_uses():
    path = str(ROOT / "games" / "lezug.yaml")
    for _ in range(2):      # the second from the compile cache
        out = subprocess.run([sys.executable, "-c", PROBE.format(path=path)], capture_output=True, text=True,
                             check=True, cwd=ROOT).stdout.splitlines()
    loaded = set(out[0].split())
    assert {"step", "jump"} <= loaded
    assert not loaded & {"slide", "shoot", "custodial", "hop", "fly", "surround", "stride", "flip", "remove"}
    assert "slide" in out[1]        # a word's sentence is read when asked for (importing it then)
