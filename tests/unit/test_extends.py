"""Variant files (`extends:`): a base loaded first, the variant's keys merged over it, every
value located in the file it came from, broken links reported at the link, the cache keyed by
the bases too."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from rulebook import check_file, load_game, pipeline
from rulebook.play.measure import perft
from rulebook.source.load import MAX_EXTENDS, GameFileError, load_source

from conftest import DATA, GAMES, ROOT, line_of

EXT = DATA / "extends"
LEZUG = GAMES / "lezug.yaml"


@pytest.fixture(autouse=True)
def no_cache(monkeypatch):
    monkeypatch.setenv("RULEBOOK_NO_CACHE", "1")     # each test checks for real (the cache test turns it on)


def findings(path) -> list[str]:
    with pytest.raises(GameFileError) as info:
        check_file(path)
    return [str(f) for f in info.value.findings]


def at(path: Path, text: str, offset: int = 0) -> str:
    """'file:line:col' of the first occurrence of text in a file (plus offset columns)."""
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if text in line:
            return f"{os.path.normpath(path)}:{n}:{line.index(text) + 1 + offset}"
    raise AssertionError(f"{text!r} not in {path}")


# ---------------------------------------------------------------- merging
def test_a_variant_changes_only_what_it_says():
    game = load_game(EXT / "short.yaml")
    base = load_game(LEZUG)
    assert game.name == "Le zug, short" and base.name == "Le zug"
    assert game.options == {"max_plies": 200, "blocked": "pass"}
    assert perft(game, game.initial_state(), 1) == 56
    assert game.players == base.players
    assert load_game(EXT / "short.yaml", {"max_plies": "30"}).options["max_plies"] == 30


def test_a_variant_of_a_variant():
    game = load_game(EXT / "shorter.yaml")
    assert game.name == "Le zug, short" and game.options["max_plies"] == 100
    assert perft(game, game.initial_state(), 1) == 56


def test_null_removes_a_key():
    src = load_source(EXT / "no_choice.yaml")
    assert "about" not in src.data and "blocked" not in src.data["end"]
    assert list(src.data["options"]) == ["max_plies"]
    assert "extends" not in src.data
    game = load_game(EXT / "no_choice.yaml")
    assert game.options == {"max_plies": 2000}
    assert perft(game, game.initial_state(), 2) == 3136


def test_mappings_merge_key_by_key_and_other_values_replace():
    src = load_source(EXT / "nested.yaml")
    base = load_source(LEZUG).data
    assert src.data["options"]["max_plies"] == {**base["options"]["max_plies"], "default": 300}
    assert src.data["options"]["blocked"] == base["options"]["blocked"]
    assert src.data["end"] == {**base["end"], "draw": "passes >= 2 or ply >= 2 * option.max_plies"}
    assert src.data["board"] == base["board"]
    assert list(src.data) == [k for k in base]      # the base's order; nothing added, extends gone
    assert load_game(EXT / "nested.yaml").options["max_plies"] == 300


def test_places_name_the_file_each_value_came_from():
    src = load_source(EXT / "nested.yaml")
    variant, base = EXT / "nested.yaml", LEZUG
    assert str(src.finding(("end", "draw"), "m")) == at(variant, "passes") + ": m"
    assert str(src.finding(("end", "win"), "m")) == at(base, "count(mine in opponent.home)") + ": m"
    assert str(src.finding(("options", "max_plies", "min"), "m")) == at(base, "min: 1", 5) + ": m"
    assert str(src.finding(("options", "max_plies", "default"), "m")) == at(variant, "default: 300", 9) + ": m"
    assert str(src.finding(("phases", 1, "move"), "m", inner=(1, 6))) == at(base, "step(dirs) |", 5) + ": m"
    assert src.file == str(variant)


def test_a_replaced_list_keeps_no_place_of_the_base(tmp_path):
    v = tmp_path / "v.yaml"
    shutil.copy(LEZUG, tmp_path / "base.yaml")
    v.write_text("extends: base.yaml\nplayers: [white, black]\n")
    src = load_source(v)
    assert src.data["players"] == ["white", "black"]
    assert src.finding(("players", 1), "m").file == str(v)
    assert ("players", 0, "forward") not in src.places


# ---------------------------------------------------------------- findings located in their own file
def test_a_finding_in_an_inherited_value_is_in_the_base_file():
    assert findings(EXT / "no_second.yaml") == [
        at(LEZUG, "second, count", 0) + ": unknown zone 'second'",
        at(LEZUG, "opponent.second") + ": unknown name 'opponent.second' (did you mean 'opponent.station'?)",
    ]


def test_a_finding_in_the_variant_is_in_the_variant():
    assert findings(EXT / "typo.yaml") == [
        at(EXT / "typo.yaml", "option.max_pies") + ": unknown name 'option.max_pies' (did you mean 'option.max_plies'?)"]


def test_a_default_outside_min_max_is_found_where_it_is_written(tmp_path):
    shutil.copy(LEZUG, tmp_path / "base.yaml")
    v = tmp_path / "v.yaml"
    v.write_text("extends: base.yaml\noptions:\n  max_plies: {min: 3000}\n")
    assert findings(v) == [at(tmp_path / "base.yaml", "default: 2000", 9) + ": default 2000 is outside min/max"]


def test_removing_what_the_base_does_not_have():
    assert findings(EXT / "nothing_to_remove.yaml") == [
        f"{EXT / 'nothing_to_remove.yaml'}:3:3: 'zones.secnod' is not in the base file {LEZUG}: nothing to remove"]


# ---------------------------------------------------------------- broken links
def test_missing_base():
    assert findings(EXT / "missing_base.yaml") == [f"{EXT / 'missing_base.yaml'}:2:10: no base file {EXT / 'nowhere.yaml'}"]


def test_cycle():
    a, b = EXT / "cycle_a.yaml", EXT / "cycle_b.yaml"
    assert findings(a) == [f"{b}:1:10: 'extends' makes a cycle: {a} > {b} > {a}"]


def test_a_file_extending_itself(tmp_path):
    f = tmp_path / "self.yaml"
    f.write_text("game: me\nextends: ./self.yaml\n")
    assert findings(f) == [f"{f}:2:10: 'extends' makes a cycle: {f} > {f}"]


def test_extends_must_be_a_text():
    assert findings(EXT / "not_text.yaml") == [
        f"{EXT / 'not_text.yaml'}:1:10: 'extends' must be the path of a base file (a text), not a list"]


def test_a_base_that_is_not_a_mapping():
    assert findings(EXT / "extends_list.yaml") == [
        f"{EXT / 'extends_list.yaml'}:1:10: the base file {EXT / 'list_base.yaml'} is not a mapping of sections "
        "(game, players, board, ...)"]


def test_an_error_inside_the_base_is_at_the_base():
    base = DATA / "broken" / "yaml_syntax.yaml"
    assert findings(EXT / "broken_base.yaml") == [
        f"{base}:4:12: YAML syntax: mapping values are not allowed here",
        f"{EXT / 'broken_base.yaml'}:2:10: the base file {base} has errors"]


def test_depth(tmp_path):
    shutil.copy(LEZUG, tmp_path / "v0.yaml")
    for i in range(1, MAX_EXTENDS + 2):
        (tmp_path / f"v{i}.yaml").write_text(f"extends: v{i - 1}.yaml\ngame: level {i}\n")
    assert load_game(tmp_path / f"v{MAX_EXTENDS}.yaml").name == f"level {MAX_EXTENDS}"   # 8 links: fine
    [msg] = findings(tmp_path / f"v{MAX_EXTENDS + 1}.yaml")
    assert msg.startswith(f"{tmp_path / 'v1.yaml'}:1:10: more than {MAX_EXTENDS} levels of 'extends'")


def test_a_given_text_extends_from_its_path_folder():
    rules = check_file(EXT / "inline.yaml", text="extends: short.yaml\ngame: given\n")
    assert rules.spec["game"] == "given" and rules.spec["options"]["max_plies"]["default"] == 200


# ---------------------------------------------------------------- the compile cache
def test_editing_a_base_invalidates_the_variant(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("RULEBOOK_NO_CACHE", raising=False)
    checks = []
    real = pipeline._check
    monkeypatch.setattr(pipeline, "_check", lambda path, text: checks.append(str(path)) or real(path, text))
    (tmp_path / "games").mkdir()
    base, mid, v = tmp_path / "games" / "base.yaml", tmp_path / "mid.yaml", tmp_path / "v.yaml"
    shutil.copy(LEZUG, base)
    mid.write_text("extends: games/base.yaml\ngame: middle\n")
    v.write_text("extends: mid.yaml\ngame: Le zug, short\n")
    assert load_game(v).options["max_plies"] == 2000
    assert load_game(v).name == "Le zug, short" and len(checks) == 1          # from the cache
    base.write_text(base.read_text().replace("default: 2000", "default: 1500"))
    assert load_game(v).options["max_plies"] == 1500 and len(checks) == 2     # a base two links away changed
    assert load_game(v).options["max_plies"] == 1500 and len(checks) == 2
    mid.write_text("extends: games/base.yaml\ngame: middle\noptions: {max_plies: {default: 10}}\n")
    assert load_game(v).options["max_plies"] == 10 and len(checks) == 3
    (tmp_path / "games" / "other.yaml").write_bytes(base.read_bytes())    # same bytes, another base path
    mid.write_text(mid.read_text().replace("games/base.yaml", "games/other.yaml"))
    load_game(v)
    assert len(checks) == 4
    base.unlink()                                     # a broken chain is checked (and refused) every time
    mid.write_text("extends: games/base.yaml\n")
    for _ in range(2):
        with pytest.raises(GameFileError):
            load_game(v)
    assert len(checks) == 6


# ---------------------------------------------------------------- the command line
def run(*args):
    proc = subprocess.run([sys.executable, "-m", "rulebook", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env={**os.environ, "RULEBOOK_NO_CACHE": "1"})
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_cli_validate_a_variant():
    proc = run("validate", "tests/data/extends/short.yaml", "tests/data/extends/shorter.yaml")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["tests/data/extends/short.yaml: ok", "tests/data/extends/shorter.yaml: ok"]


def test_cli_validate_broken_variants():
    proc = run("validate", "tests/data/extends/typo.yaml", "tests/data/extends/no_second.yaml",
               "tests/data/extends/missing_base.yaml")
    assert proc.returncode == 1
    lines = proc.stderr.strip().split("\n")
    assert lines[0].startswith("tests/data/extends/typo.yaml:4:31: unknown name 'option.max_pies'")
    at = line_of(ROOT / "games/lezug.yaml", "drop(second")
    assert lines[1] == f"games/lezug.yaml:{at}:16: unknown zone 'second'"      # the base, named from the checkout
    assert lines[-1] == "tests/data/extends/missing_base.yaml:2:10: no base file tests/data/extends/nowhere.yaml"


# ---------------------------------------------------------------- phases merge by name
CHESS = GAMES / "chess.yaml"


def variant(tmp_path, text: str, base: Path = CHESS) -> Path:
    shutil.copy(base, tmp_path / base.name)
    v = tmp_path / "variant.yaml"
    v.write_text(f"extends: {base.name}\n" + text)
    return v


def test_a_phase_merges_by_name_one_pattern_changed(tmp_path):
    v = variant(tmp_path, "phases:\n  - name: play\n    move:\n      knight: step(leap, capture=yes) | step(adjacent)\n")
    src, base = load_source(v), load_source(CHESS)
    [play], [was] = src.data["phases"], base.data["phases"]
    assert play["move"] == {**was["move"], "knight": "step(leap, capture=yes) | step(adjacent)"}
    assert {k: v for k, v in play.items() if k != "move"} == {k: v for k, v in was.items() if k != "move"}
    # the inherited pattern is found in the base, the new one in the variant
    assert src.finding(("phases", 0, "move", "bishop"), "m").file == str(tmp_path / "chess.yaml")
    assert src.finding(("phases", 0, "move", "knight"), "m").file == str(v)
    game = load_game(v)
    st = game.position({"white": {"knight": ["d4"], "king": ["a1"], "pawn": ["a2"]}, "black": {"king": ["h8"], "pawn": ["h7"]}},
                       to_move="white")
    assert {game.move_str(m) for m in game.legal_moves(st)} >= {"d4d5", "d4e5", "d4f5", "d4c6"}


def test_a_new_phase_goes_after_the_one_the_variant_lists_before_it(tmp_path):
    base = tmp_path / "two.yaml"
    base.write_text((DATA / "words" / "turns.yaml").read_text().replace(
        "phases:\n  - name: play", "phases:\n  - name: opening\n    turns: 1\n    move: place(board)\n  - name: play"))
    v = tmp_path / "v.yaml"
    v.write_text("extends: two.yaml\nphases:\n  - name: first\n    turns: 1\n    move: place(board)\n"
                 "  - name: opening\n  - name: middle\n    turns: 1\n    move: place(board)\n")
    assert [p["name"] for p in load_source(v).data["phases"]] == ["first", "opening", "middle", "play"]
    v.write_text("extends: two.yaml\nphases:\n  - remove: opening\n")
    assert [p["name"] for p in load_source(v).data["phases"]] == ["play"]
    one = load_game(DATA / "words" / "turns.yaml")         # the base without its opening
    assert perft(load_game(v), load_game(v).initial_state(), 2) == perft(one, one.initial_state(), 2) != \
        perft(load_game(base), load_game(base).initial_state(), 2)
    v.write_text("extends: two.yaml\nphases:\n  - name: opening\n    turns: ~\n  - name: play\n    turns: ~\n")
    assert findings(v) == [f"{v}:6:5: 'phases.play.turns' is not in the base file {base}: nothing to remove"]
    assert "turns" not in load_source(v, text="extends: two.yaml\nphases:\n  - {name: opening, turns: ~}\n"
                                     ).data["phases"][0]


def test_removing_a_phase_the_base_has_not(tmp_path):
    v = variant(tmp_path, "phases:\n  - remove: plya\n")
    assert findings(v) == [f"{v}:3:13: the phase 'plya' is not in the base file {tmp_path / 'chess.yaml'}: "
                           "nothing to remove"]
    v = variant(tmp_path, "phases:\n  - {remove: play, turns: 2}\n")
    assert findings(v) == [f"{v}:3:5: an entry that removes a phase is `remove: NAME` alone"]
    v = variant(tmp_path, "phases:\n  - name: play\n  - name: play\n")
    assert findings(v) == [f"{v}:4:11: the phase 'play' is given twice (first at line 3)"]


def test_every_shipped_and_test_variant_loads_as_before():
    """Merging by name gives what replacing gave for every variant there is: their phases are
    named as the base's, each giving every key the base's has (or the base has one phase)."""
    for path in sorted([*GAMES.glob("*.yaml"), *DATA.rglob("*.yaml")]):
        text = path.read_text(encoding="utf-8", errors="replace")
        if not text.startswith("extends") and "\nextends:" not in text:
            continue
        try:
            src = load_source(path)
        except GameFileError:
            continue
        own = yaml.safe_load(text)
        if isinstance(own.get("phases"), list):
            assert src.data["phases"] == own["phases"], path


# ---------------------------------------------------------------- what a base may be
def test_a_base_is_a_regular_yaml_file(tmp_path):
    v = tmp_path / "v.yaml"
    (tmp_path / "folder.yaml").mkdir()
    os.mkfifo(tmp_path / "fifo.yml")
    (tmp_path / "notes.txt").write_text("game: x\n")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "notes.txt")
    cases = {
        '"a\\0b.yaml"': "'extends' must be the path of a base file: this one holds a NUL character",
        "folder.yaml": f"the base {tmp_path / 'folder.yaml'} is a folder, not a game file",
        "fifo.yml": f"the base {tmp_path / 'fifo.yml'} is not a regular file",
        "notes.txt": f"the base {tmp_path / 'notes.txt'} is not a game file: a base is a .yaml or .yml file "
                     "(or a link to one)",
        "link.yaml": f"the base {tmp_path / 'link.yaml'} is not a game file: a base is a .yaml or .yml file "
                     "(or a link to one)",
        "/dev/null": "the base /dev/null is not a game file: a base is a .yaml or .yml file (or a link to one)",
        "/proc/self/status": "the base /proc/self/status is not a game file: a base is a .yaml or .yml file "
                             "(or a link to one)",
        "..": f"the base {tmp_path.parent} is not a game file: a base is a .yaml or .yml file (or a link to one)",
    }
    for link, message in cases.items():
        v.write_text(f"extends: {link}\ngame: x\n")
        assert findings(v) == [f"{v}:1:10: {message}"], link


def test_a_yaml_file_that_is_no_game_file_is_never_quoted(tmp_path):
    secret = "root: x:0:0:root:/root:/bin/bash\ndaemon: x:1:1:daemon:/usr/sbin\n"
    (tmp_path / "secret.yaml").write_text(secret)
    v = tmp_path / "v.yaml"
    v.write_text("extends: secret.yaml\ngame: x\n")
    [message] = findings(v)
    assert message == (f"{v}:1:10: the base file {tmp_path / 'secret.yaml'} is not a game file: its keys are not "
                       "all sections of one (game, players, board, ...)")
    assert "root" not in message.split(str(tmp_path))[-1] and "daemon" not in message


def test_merge_prints_the_file_a_variant_stands_for(tmp_path):
    proc = run("merge", "tests/data/extends/shorter.yaml")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.split("\n")
    assert lines[0] == ("# tests/data/extends/shorter.yaml merged with its bases (tests/data/extends/shorter.yaml > "
                        "tests/data/extends/short.yaml > games/lezug.yaml): the game it stands for, as one file")
    assert "# from tests/data/extends/short.yaml" in lines and "# from games/lezug.yaml" in lines
    # the printed file is that game: written out, it loads as the variant does
    flat = tmp_path / "flat.yaml"
    flat.write_text(proc.stdout)
    assert load_source(flat).data == load_source(EXT / "shorter.yaml").data
    assert perft(load_game(flat), load_game(flat).initial_state(), 2) == 56 * 56
    bad = run("merge", "tests/data/extends/cycle_a.yaml")
    assert bad.returncode == 1 and "'extends' makes a cycle" in bad.stderr and not bad.stdout
