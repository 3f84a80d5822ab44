"""The golden text of `rulebook rules`: each shipped game's rules in words, kept in
docs/games/rules/NAME.md so that a change of wording is a reviewed diff.

    python -m tools.rules_text            # rewrite docs/games/rules/NAME.md for every games/*.yaml
    python -m tools.rules_text NAME ...   # only these games (games/NAME.yaml)
    python -m tools.rules_text --check    # exit 1 naming each game whose text differs

Run from the repository root; tests/frontends/test_rules_prose.py compares the same text.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
GOLDEN = ROOT / "docs" / "games" / "rules"
COMMAND = "python -m tools.rules_text"


def told(game_file: Path) -> str:
    """`rulebook rules games/NAME.yaml`, as the command prints it (Markdown)."""
    from rulebook import load_game
    from rulebook.look.prose import rules_prose
    return rules_prose(load_game(game_file))


def golden(game_file: Path) -> Path:
    return GOLDEN / (game_file.stem + ".md")


def main(argv: list[str]) -> int:
    check = "--check" in argv
    names = [a for a in argv if a != "--check"]
    files = [GAMES / f"{n}.yaml" for n in names] if names else sorted(GAMES.glob("*.yaml"))
    GOLDEN.mkdir(parents=True, exist_ok=True)
    stale = []
    for f in files:
        text, target = told(f), golden(f)
        if check:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(f.stem)
        elif not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            print(f"wrote {target.relative_to(ROOT)}")
    if stale:
        print(f"rules text differs for: {', '.join(stale)} (regenerate: {COMMAND} {' '.join(stale)})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
