"""Fuzzing chains of variant files (`extends:`): a variant whose bases are variants, game files,
missing files, folders, fifos, devices, /proc files, links out of the folder, paths with a NUL,
YAML files that are no game file, junk, in any order (cycles, chains deeper than the limit).
`rulebook validate` of the first one either passes (and the game loads) or exits 1 with located
findings (FILE:LINE:COL: message, or FILE: message); never an internal error, a traceback or a
hang, and nothing of a file that is no game file is quoted."""
from __future__ import annotations

import os
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook import load_game
from rulebook.cli import main

from conftest import GAMES

TTT = (GAMES / "tictactoe.yaml").read_text(encoding="utf-8")
SECRET = "secretword"       # in the files that are no game file: never in a message
KINDS = ["game", "variant", "variant", "variant", "missing", "folder", "fifo", "device", "nul", "not_game", "list",
         "junk", "proc", "link_out", "yml", "absolute"]
LOCATED = re.compile(r"^(?P<file>[^:]+)(:\d+:\d+)?: \S")


@st.composite
def chains(draw):
    n = draw(st.integers(1, 12))
    kinds = ["variant"] + [draw(st.sampled_from(KINDS)) for _ in range(n - 1)]
    targets = [draw(st.integers(0, n)) for _ in range(n)]         # the file each extends (n: none such)
    junk = draw(st.binary(min_size=1, max_size=40))
    return kinds, targets, junk


def _name(i: int, kinds: list[str]) -> str:
    return f"f{i}.yml" if i < len(kinds) and kinds[i] == "yml" else f"f{i}.yaml"


def _make(folder, kinds, targets, junk) -> None:
    for i, kind in enumerate(kinds):
        path = folder / _name(i, kinds)
        target = _name(targets[i], kinds)
        if kind == "game":
            path.write_text(TTT)
        elif kind in ("variant", "yml"):
            path.write_text(f"extends: {target}\ngame: variant {i}\n")
        elif kind == "absolute":
            path.write_text(f"extends: {folder / target}\nend: {{draw: count(empty) == 0}}\n")
        elif kind == "folder":
            path.mkdir()
        elif kind == "fifo":
            os.mkfifo(path)
        elif kind == "device":
            path.symlink_to("/dev/null")
        elif kind == "nul":
            path.write_text(f'extends: "{target}\\0"\n')
        elif kind == "not_game":
            path.write_text(f"root: x:0:0:{SECRET}:/root\n{SECRET}: 1\n")
        elif kind == "list":
            path.write_text(f"- {SECRET}\n")
        elif kind == "junk":
            path.write_bytes(junk)
        elif kind == "proc":
            path.write_text("extends: /proc/self/status\n")
        elif kind == "link_out":
            (folder / f"notes{i}.txt").write_text(f"game: {SECRET}\n")
            path.symlink_to(folder / f"notes{i}.txt")
        # "missing": no file


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(case=chains())
def test_a_chain_of_variants_is_a_game_or_located_findings(tmp_path_factory, capsys, monkeypatch, case):
    monkeypatch.setenv("RULEBOOK_NO_CACHE", "1")
    kinds, targets, junk = case
    folder = tmp_path_factory.mktemp("chain")
    _make(folder, kinds, targets, junk)
    first = folder / _name(0, kinds)
    capsys.readouterr()
    try:
        main(["validate", str(first)])
        code = 0
    except SystemExit as e:
        code = e.code
    got = capsys.readouterr()
    assert code in (0, 1), got.err
    assert "internal error" not in got.err and "Traceback" not in got.err, got.err
    if code == 0:
        assert got.out == f"{first}: ok\n"
        assert load_game(first).name
        return
    lines = got.err.strip().split("\n")
    assert lines and all(LOCATED.match(line) for line in lines), got.err
    assert all(LOCATED.match(line)["file"].startswith(str(folder)) for line in lines), got.err
    # what is quoted is the chain's own text (paths, keys of game files), never a file that is no game file
    assert SECRET not in got.err, got.err
