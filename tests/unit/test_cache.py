"""The compile cache (engine/cache.py): a cached load behaves exactly as a checked one, and an
entry that is not ours, not for this file, or broken is never used."""
from __future__ import annotations

import os
import random
import shutil

import pytest

from rulebook import cache, load_game, pipeline
from rulebook.play.measure import perft
from rulebook.source.load import GameFileError

from conftest import DATA, GAMES


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("RULEBOOK_NO_CACHE", raising=False)
    return tmp_path / "xdg" / "rulebook"


@pytest.fixture
def checks(monkeypatch):
    """How many times the real check ran."""
    calls = []
    real = pipeline._check

    def counting(path, text):
        calls.append(str(path))
        return real(path, text)

    monkeypatch.setattr(pipeline, "_check", counting)
    return calls


def entries(d):
    return sorted(d.glob("*.pickle")) if d.exists() else []


def trace(game, seed, plies=300):
    rng, st, out = random.Random(seed), game.initial_state(), []
    while not game.is_over(st) and len(out) < plies:
        moves = game.legal_moves(st)
        out.append(sorted(game.move_str(m) for m in moves))
        st = game.apply(st, rng.choice(sorted(moves, key=game.move_str)))
    return out, game.outcome(st).as_json(), game.evaluate(st)


@pytest.mark.parametrize("path,options", [(GAMES / "lezug.yaml", {}), (GAMES / "lezug.yaml", {"blocked": "lose"}),
                                          (DATA / "mini.yaml", {"max_plies": "30"})])
def test_a_cached_load_behaves_exactly_as_a_checked_one(cache_dir, checks, path, options):
    checked = load_game(path, options)
    assert len(checks) == 1 and len(entries(cache_dir)) == 1
    cached = load_game(path, options)
    assert len(checks) == 1                       # the second load did not check
    assert cached.sources == checked.sources
    assert (cached.name, cached.players, cached.options) == (checked.name, checked.players, checked.options)
    st = cached.initial_state()
    assert st == checked.initial_state()
    assert perft(cached, st, 3) == perft(checked, st, 3)
    for seed in range(3):
        assert trace(cached, seed) == trace(checked, seed)
    st = cached.apply(st, cached.legal_moves(st)[0])
    assert cached.explain(st, "a1-a2") == checked.explain(st, "a1-a2")


def test_a_cached_tile_game_behaves_exactly_as_a_checked_one(cache_dir, checks):
    checked = load_game(GAMES / "zug.yaml", players=3)
    cached = load_game(GAMES / "zug.yaml", players=3)
    assert len(checks) == 1
    for seed in range(3):
        assert trace(cached, seed, 120) == trace(checked, seed, 120)


def test_cache_is_keyed_by_the_file_content_and_path(cache_dir, checks, tmp_path):
    f = tmp_path / "race.yaml"
    shutil.copy(GAMES / "lezug.yaml", f)
    assert load_game(f).options["max_plies"] == 2000
    f.write_text(f.read_text().replace("default: 2000", "default: 1500"))
    assert load_game(f).options["max_plies"] == 1500
    assert len(checks) == 2
    g = tmp_path / "other.yaml"                   # same bytes, another name: its own messages
    shutil.copy(f, g)
    load_game(g)
    assert len(checks) == 3
    assert load_game(f).options["max_plies"] == 1500 and len(checks) == 3


def test_no_cache_when_asked(cache_dir, checks, monkeypatch):
    monkeypatch.setenv("RULEBOOK_NO_CACHE", "1")
    load_game(GAMES / "lezug.yaml")
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2 and not cache_dir.exists()


def test_a_broken_file_is_never_cached(cache_dir, checks):
    for _ in range(2):
        with pytest.raises(GameFileError):
            load_game(DATA / "broken" / "structure.yaml")
    assert len(checks) == 2 and entries(cache_dir) == []


@pytest.mark.parametrize("damage", ["truncate", "flip", "foreign", "garbage", "empty"])
def test_a_broken_or_foreign_entry_is_ignored(cache_dir, checks, damage):
    load_game(GAMES / "lezug.yaml")
    [entry] = entries(cache_dir)
    blob = entry.read_bytes()
    if damage == "truncate":
        entry.write_bytes(blob[: len(blob) // 2])
    elif damage == "flip":
        entry.write_bytes(blob[:-10] + bytes([blob[-10] ^ 1]) + blob[-9:])
    elif damage == "foreign":                     # a well-formed entry signed with another secret
        (cache_dir / "secret").write_bytes(os.urandom(32))
    elif damage == "garbage":
        entry.write_bytes(b"\x80\x04not a pickle at all")
    else:
        entry.write_bytes(b"")
    game = load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2                       # checked again
    assert perft(game, game.initial_state(), 2) == 3136
    load_game(GAMES / "lezug.yaml")               # and the fresh entry is good
    assert len(checks) == 2


def test_a_folder_others_may_write_is_not_used(cache_dir, checks):
    load_game(GAMES / "lezug.yaml")
    os.chmod(cache_dir, 0o777)
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2
    os.chmod(cache_dir, 0o700)
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2


def test_an_unusable_cache_folder_never_fails_a_load(tmp_path, monkeypatch, checks):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.delenv("RULEBOOK_NO_CACHE", raising=False)
    load_game(GAMES / "lezug.yaml")
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2


def test_the_key_holds_engine_and_python_versions(tmp_path):
    k = cache.key(GAMES / "lezug.yaml", b"abc")
    import sys
    assert cache.engine_hash().encode() in k and sys.version.encode() in k
    assert cache.key(GAMES / "lezug.yaml", b"abd") != k
