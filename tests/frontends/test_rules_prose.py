"""`rulebook rules`: every shipped game's rules in plain English, told from its compiled Game,
kept as golden text in docs/games/rules/NAME.md (regenerate: python -m tools.rules_text)."""
from __future__ import annotations

import itertools
import re
import subprocess
import sys

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from conftest import GAMES, ROOT
from rulebook import load_game
from rulebook.lang import dsl
from rulebook.look.prose import FUNCS, Teller, plain, rules_prose
from tools.rules_text import COMMAND, golden

SHIPPED = sorted(p.name for p in GAMES.glob("*.yaml"))


@pytest.mark.parametrize("name", SHIPPED)
def test_the_golden_text_is_what_the_command_prints(name):
    """A change of wording is a reviewed diff: the kept text must be the command's output."""
    path = GAMES / name
    target = golden(path)
    text = rules_prose(load_game(path))
    assert target.exists(), (f"no golden rules text for {name}: write it with `{COMMAND} {path.stem}` "
                             f"and read {target.relative_to(ROOT)} before committing it")
    assert target.read_text(encoding="utf-8") == text, (
        f"`rulebook rules games/{name}` differs from {target.relative_to(ROOT)}: if the new wording is "
        f"meant, regenerate it with `{COMMAND} {path.stem}` and review the diff")


@pytest.mark.parametrize("name", SHIPPED)
def test_every_part_of_the_file_is_told(name):
    path = GAMES / name
    text = rules_prose(load_game(path))
    exact = rules_prose(load_game(path), exact=True)
    data = yaml.safe_load(path.read_text())
    if "extends" in data:                       # a variant: its base's words count too
        base = yaml.safe_load((path.parent / data["extends"]).read_text())
        data = {**base, **data}
    glossary = data.get("glossary") or {}

    def said(key):
        return (glossary.get(key) or {}).get("name") or key.replace("_", " ")
    heads = [h for h in re.findall(r"^## (.*)$", text, flags=re.M)]
    order = ["The board and the start", "A turn", "The pieces", "The end", "Options", "Notation"]
    assert heads == [h for h in order if h in heads] and heads[:2] == order[:2] and "The end" in heads
    assert "?" not in re.sub(r"`[^`]*`", "", text) and "{" not in text    # every pattern and expression was said
    assert "_" not in re.sub(r"`[^`]*`|\|.*\|", "", text)                 # no key leaks with its underscores
    for ph in data.get("phases", []):
        if len(data["phases"]) > 1:
            assert f". {said(ph['name'])}\n" in text
        for rule in [*(ph.get("landing") or {}), *(ph.get("legal") or {})]:
            assert f"- **{said(rule)}**" in text
        for source in [*(ph.get("landing") or {}).values(), *(ph.get("legal") or {}).values()]:
            assert re.sub(r"\s+", " ", source).strip() in exact        # --exact quotes each rule's text
        moves = ph.get("move")
        for pattern in (moves.values() if isinstance(moves, dict) else [moves] if moves else []):
            assert "> `" + re.sub(r"\s+", " ", pattern).strip() + "`" in exact
    for opt, spec in (data.get("options") or {}).items():
        default = str(spec["default"]).lower() if isinstance(spec["default"], bool) else spec["default"]
        assert f"| `{opt}` | `{default}` |" in text
    for key, entry in glossary.items():
        if "about" in entry and key not in (data.get("zones") or {}):
            assert entry["about"][1:] in text        # (its first letter may be made a capital)


def test_lezug_in_words():
    text = rules_prose(load_game(GAMES / "lezug.yaml"))
    assert "The board is a square grid of 17 files (a to q) by 17 ranks (1 to 17)" in text
    assert "Each player holds 3 men in hand" in text
    assert "- step in one of the directions of the turn to an empty cell;" in text
    assert "| `max_plies` | `2000` | at least 1 |" in text


def test_zug_in_words():
    text = rules_prose(load_game(GAMES / "zug.yaml"))
    assert "Each player has 14 counters (the option `counters` changes the number)." in text
    assert "- 9 **bypass**: tracks south to north and south to east" in text
    assert "the option counters counters" not in text and "track no track" not in text
    assert "2 to 5 players (2 by default)" in text


def test_chess_says_its_pieces_by_their_names():
    text = rules_prose(load_game(GAMES / "chess.yaml"))
    assert "unmoved_king" not in text and "quiet plies" not in text
    assert "the number of moves since the last capture or pawn move is at least 100" in text
    assert "- a queen on d1 (white) or d8 (black);" in text
    # when() is a guard on the way: before it, when the way may be taken; after a step, where it may lead
    assert "- only if the cell the piece moves from is in the pawn rank: step forward to an empty cell; then" in text
    assert "to an empty cell, provided the landing cell is the cell the last move passed over and" in text


# ---------------------------------------------------------------- conditions keep their grouping
WORDS_BACK = [(" divided (whole) by ", " // "), (" is at least ", " >= "), (" is at most ", " <= "),
              (" is more than ", " > "), (" is less than ", " < "), (" is not ", " != "), (" is ", " == "),
              (" plus ", " + "), (" minus ", " - "), (" times ", " * "), (", else ", " else "), ("minus ", "-")]
ATOMS = ["p", "q", "r"]
NUMBERS = ["x", "y", "z"]


def back(words: str) -> str:
    """The words of a condition read back as Python (the language's and/or/not are Python's)."""
    for w, op in WORDS_BACK:
        words = words.replace(w, op)
    return words


numbers = st.recursive(st.sampled_from(NUMBERS + ["1", "2"]),
                       lambda e: st.one_of(st.tuples(e, st.sampled_from(["+", "-", "*"]), e).map(
                           lambda t: f"({t[0]} {t[1]} {t[2]})"), e.map(lambda x: f"(-{x})")), max_leaves=4)
conditions = st.recursive(
    st.one_of(st.sampled_from(ATOMS), st.tuples(numbers, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]),
                                                numbers).map(lambda t: f"({t[0]} {t[1]} {t[2]})")),
    lambda e: st.one_of(st.tuples(e, st.sampled_from(["and", "or"]), e).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
                        e.map(lambda x: f"(not {x})"),
                        st.tuples(e, e, e).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})")), max_leaves=7)


def _agree(source: str) -> None:
    words = Teller().say(dsl.parse(source, "expr"))
    python = back(words)
    for values in itertools.product([False, True], [False, True], [False, True], [0, 1, 3], [-1, 2]):
        env = dict(zip(ATOMS + NUMBERS[:2], values)) | {"z": 5}
        assert eval(python, {}, env) == eval(source, {}, env), (source, words)   # noqa: S307 (our own text)


@pytest.mark.parametrize("source, words", [
    ("p and (q or r)", "p and (q or r)"), ("p and q or r", "(p and q) or r"), ("p or q and r", "p or (q and r)"),
    ("(p or q) and (r or p)", "(p or q) and (r or p)"), ("not (p and q)", "not (p and q)"),
    ("not p or q", "not p or q"), ("x * (y + 1) >= 3", "x times (y plus 1) is at least 3"),
    ("x - (y - 1) == 2", "x minus (y minus 1) is 2"), ("x - y - 1 == 2", "x minus y minus 1 is 2"),
    ("not x >= 3", "x is less than 3"), ("(p if q else r) and p", "(p if q, else r) and p")])
def test_brackets_are_kept_where_the_rule_has_them(source, words):
    assert Teller().say(dsl.parse(source, "expr")) == words
    _agree(source)


@settings(max_examples=300, deadline=None)
@given(conditions)
def test_the_words_of_any_condition_mean_the_rule(source):
    _agree(source)


# ---------------------------------------------------------------- every word and function has its sentence
def test_every_action_word_and_function_has_its_sentence():
    from rulebook.boards.grid.functions import FUNCTIONS
    from rulebook.boards.grid.words import WORDS
    for name, word in WORDS.items():
        assert word.sentence, f"action word {name} has no sentence for `rulebook rules`"
    missing = [f for f in list(FUNCTIONS) + ["counters", "free", "counters_on_line", "counters_between_own",
                                             "counters_between_same"] if f not in FUNCS]
    assert not missing, f"functions without a sentence in rulebook/look/prose.py FUNCS: {missing}"


def test_each_word_reads_in_context(tmp_path):
    """A made-up game using several words at once: each is said with its directions and options."""
    game = tmp_path / "words.yaml"
    game.write_text("""game: Words
players: [white, black]
board: {grid: {files: 5, ranks: 5}}
directions: {ahead: [front], sides: [east, west], orthogonal: [north, east, south, west]}
zones: {camp: rank 1, goal: rank 5}
pieces: {runner: {start: camp}}
glossary:
  runner: {name: courier, about: a piece that races to the far side}
  goal: {name: far rank}
  orthogonal: {name: straight}
phases:
  - name: play
    move: step(ahead) | jump(sides, over=theirs, capture=yes) | stride(orthogonal) | hop(orthogonal)
end:
  win: any(mine in goal) and (count(theirs) == 0 or ply >= 10)
""")
    text = rules_prose(load_game(game), exact=True)
    assert "- step forward to an empty cell;" in text
    assert "- jump east or west over an enemy piece next to it, to the empty cell just beyond, " \
           "capturing the piece jumped;" in text
    assert "move in a straight direction exactly as many cells as there are pieces on that line" in text
    assert "hop in a straight direction along a line over exactly one piece (the screen)" in text
    assert "- a courier on each cell of the camp (`rank 1`)." in text and "A piece that races to the far side." in text
    assert ("wins when one of the player's couriers stands in the far rank and (the number of the opponent's "
            "couriers is 0 or the number of moves played is at least 10).") in text
    assert "> `any(mine in goal) and (count(theirs) == 0 or ply >= 10)`" in text


def test_a_glossary_names_only_the_files_names(tmp_path):
    game = tmp_path / "bad.yaml"
    game.write_text((GAMES / "tictactoe.yaml").read_text() + "\nglossary:\n  nowhere: {name: somewhere}\n")
    proc = subprocess.run([sys.executable, "-m", "rulebook", "validate", str(game)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 1 and "glossary: 'nowhere' is not a name of this file" in proc.stderr
    assert re.search(r"bad\.yaml:\d+:\d+: ", proc.stderr) and "Traceback" not in proc.stderr


# ---------------------------------------------------------------- the command
def test_the_command_prints_markdown_or_text():
    md = subprocess.run([sys.executable, "-m", "rulebook", "rules", GAMES / "hex.yaml"], capture_output=True,
                        text=True, cwd=ROOT, timeout=120)
    assert md.returncode == 0 and md.stdout.startswith("# Hex\n") and "The board is made of hexagons: a rhombus 11 by 11" in md.stdout
    txt = subprocess.run([sys.executable, "-m", "rulebook", "rules", GAMES / "hex.yaml", "--format", "text"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert txt.returncode == 0 and txt.stdout.startswith("Hex\n") and "`" not in txt.stdout
    ex = subprocess.run([sys.executable, "-m", "rulebook", "rules", GAMES / "hex.yaml", "--exact"],
                        capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert ex.returncode == 0 and "\n> `" in ex.stdout and "\n> `" not in md.stdout
    assert plain("## a **b** `c`") == "a b c"


@pytest.mark.parametrize("args, words", [(["no/such.yaml"], "no/such.yaml"),
                                         ([str(GAMES / "hex.yaml"), "--format", "html"], "markdown or text")])
def test_bad_input_is_one_clear_line(args, words):
    proc = subprocess.run([sys.executable, "-m", "rulebook", "rules", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 1 and words in proc.stderr and "Traceback" not in proc.stderr
