"""The compile cache (engine/cache.py): a cached load behaves exactly as a checked one, and an
entry that is not ours, not for this file, or broken is never used."""
from __future__ import annotations

import os
import random
import shutil
import stat

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



def test_the_engine_hash_changes_with_any_engine_file_and_only_with_them(tmp_path, monkeypatch):
    import sys
    import types
    pkg = tmp_path / "rulebook"
    (pkg / "boards" / "grid").mkdir(parents=True)
    (pkg / "__pycache__").mkdir()
    (pkg / "__init__.py").write_text("")
    rules = pkg / "boards" / "grid" / "rules.py"
    rules.write_text("x = 1\n")
    fake = types.ModuleType(cache.__package__)
    fake.__file__ = str(pkg / "__init__.py")
    fake.__version__ = "0"
    fake.grammar = sys.modules[cache.__package__].grammar
    monkeypatch.setitem(sys.modules, cache.__package__, fake)

    def digest():
        monkeypatch.setattr(cache, "_engine_hash", None)
        return cache.engine_hash()

    first = digest()
    (pkg / "__pycache__" / "rules.cpython.pyc").write_bytes(b"compiled")     # not the engine
    (pkg / "notes.txt").write_text("not the engine either")
    assert digest() == first
    rules.write_text("x = 22\n")                                          # a file edited, deep down
    second = digest()
    assert second != first
    (pkg / "boards" / "schema.json").write_text("{}")                     # a file added
    assert digest() not in (first, second)

# --- the cache can make a load faster, never make it fail, hang or harm the machine ---

class Hung(BaseException):
    """Not an Exception: the cache's own `except Exception` cannot swallow it."""


@pytest.fixture
def no_hang():
    """Fail (instead of hanging the suite) if the test blocks for more than a few seconds."""
    signal = pytest.importorskip("signal")
    if not hasattr(signal, "SIGALRM"):
        pytest.skip("needs SIGALRM")

    def hung(*_):
        raise Hung("the cache blocked")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def mode(p):
    return stat.S_IMODE(os.lstat(p).st_mode)


def test_the_secret_is_made_private_and_whole(cache_dir, checks):
    load_game(GAMES / "lezug.yaml")
    secret = cache_dir / "secret"
    assert stat.S_ISREG(os.lstat(secret).st_mode) and len(secret.read_bytes()) == 32
    if hasattr(os, "getuid"):
        assert mode(secret) == 0o600
    assert [p.name for p in cache_dir.iterdir() if p.name.startswith(".tmp")] == []


@pytest.mark.parametrize("damage", ["empty", "short", "long", "open to others"])
def test_an_unusable_secret_is_replaced_not_the_end_of_the_cache(cache_dir, checks, damage):
    load_game(GAMES / "lezug.yaml")
    secret = cache_dir / "secret"
    old = secret.read_bytes()
    if damage == "empty":
        secret.write_bytes(b"")
    elif damage == "short":
        secret.write_bytes(old[:7])
    elif damage == "long":
        secret.write_bytes(old + b"\n")
    else:
        if not hasattr(os, "getuid"):
            pytest.skip("POSIX modes")
        os.chmod(secret, 0o644)
    load_game(GAMES / "lezug.yaml")               # a miss: the secret is not used...
    assert len(checks) == 2
    new = secret.read_bytes()                     # ...and is replaced by a fresh, private one
    assert len(new) == 32 and new != old
    if hasattr(os, "getuid"):
        assert mode(secret) == 0o600
    assert len(entries(cache_dir)) == 1
    game = load_game(GAMES / "lezug.yaml")        # and the cache works again
    assert len(checks) == 2
    assert perft(game, game.initial_state(), 2) == 3136
    assert [p.name for p in cache_dir.iterdir() if p.name.startswith(".tmp")] == []


def test_a_secret_made_by_another_process_first_is_kept(cache_dir):
    cache_dir.mkdir(parents=True, mode=0o700)
    theirs = os.urandom(32)
    fd = os.open(cache_dir / "secret", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    os.write(fd, theirs)
    os.close(fd)
    assert cache._secret(cache_dir, create=True) == theirs
    assert cache._secret(cache_dir, create=False) == theirs


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


@needs_fifo
@pytest.mark.parametrize("what", ["entry", "secret"])
def test_a_fifo_in_the_cache_is_a_miss_not_a_hang(cache_dir, checks, no_hang, what):
    load_game(GAMES / "lezug.yaml")
    [entry] = entries(cache_dir)
    target = entry if what == "entry" else cache_dir / "secret"
    target.unlink()
    os.mkfifo(target, 0o600)
    game = load_game(GAMES / "lezug.yaml")        # would block forever opening the pipe
    assert len(checks) == 2
    assert perft(game, game.initial_state(), 2) == 3136
    assert stat.S_ISREG(os.lstat(target).st_mode)     # the store put a regular file in its place
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
@pytest.mark.parametrize("to", ["a good entry", "/dev/zero"])
def test_a_symlinked_entry_is_a_miss(cache_dir, checks, tmp_path, no_hang, to):
    load_game(GAMES / "lezug.yaml")
    [entry] = entries(cache_dir)
    if to == "a good entry":                      # even a well-signed one: not followed
        elsewhere = tmp_path / "elsewhere.pickle"
        shutil.copy(entry, elsewhere)
        to = str(elsewhere)
    elif not os.path.exists(to):
        pytest.skip("no /dev/zero")
    entry.unlink()
    os.symlink(to, entry)
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2
    assert not os.path.islink(entry)              # the store replaced the link, not its target
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2


def test_a_folder_in_place_of_an_entry_is_a_miss(cache_dir, checks):
    load_game(GAMES / "lezug.yaml")
    [entry] = entries(cache_dir)
    entry.unlink()
    entry.mkdir()
    for n in (2, 3):                              # cannot be replaced: checked every time, no error
        game = load_game(GAMES / "lezug.yaml")
        assert len(checks) == n
    assert perft(game, game.initial_state(), 2) == 3136
    assert entry.is_dir() and [p.name for p in cache_dir.iterdir() if p.name.startswith(".tmp")] == []


def test_only_regular_files_are_ever_opened(tmp_path, monkeypatch):
    opened = []
    real = os.open
    monkeypatch.setattr(os, "open", lambda p, *a, **k: (opened.append(str(p)), real(p, *a, **k))[1])
    (tmp_path / "dir").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
    if hasattr(os, "symlink"):
        (tmp_path / "file").write_bytes(b"x")
        os.symlink(tmp_path / "file", tmp_path / "link")
    for name in ("dir", "fifo", "link"):
        if (tmp_path / name).exists() or os.path.islink(tmp_path / name):
            assert cache._read_regular(tmp_path / name, 100) is None
    assert opened == []
    assert cache._read_regular(tmp_path / "file", 100) == b"x"


@pytest.mark.parametrize("home", ["unset", "empty", "relative", "missing", "a file"])
def test_no_usable_home_means_no_cache_and_nothing_created(tmp_path, monkeypatch, checks, home):
    if os.name == "nt":
        pytest.skip("POSIX HOME")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("RULEBOOK_NO_CACHE", raising=False)
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)                       # where a relative path would land
    if home == "unset":
        monkeypatch.delenv("HOME", raising=False)
    elif home == "a file":
        (tmp_path / "home").write_text("not a folder")
        monkeypatch.setenv("HOME", str(tmp_path / "home"))
    else:
        monkeypatch.setenv("HOME", {"empty": "", "relative": "home", "missing": str(tmp_path / "nohome")}[home])
    assert cache.folder() is None
    load_game(GAMES / "lezug.yaml")
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2
    assert list(work.iterdir()) == [] and not (tmp_path / "nohome").exists()
    assert cache.clear() == 0


def test_a_relative_xdg_cache_home_falls_back_to_home(tmp_path, monkeypatch, checks):
    monkeypatch.delenv("RULEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert cache.folder() == tmp_path / ".cache" / "rulebook"
    load_game(GAMES / "lezug.yaml")
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 1 and len(entries(tmp_path / ".cache" / "rulebook")) == 1
    assert not (tmp_path / "relative").exists()


def test_an_absurdly_large_entry_is_a_miss_without_being_read(cache_dir, checks, monkeypatch):
    load_game(GAMES / "lezug.yaml")
    [entry] = entries(cache_dir)
    os.truncate(entry, cache.MAX_ENTRY + 1)       # sparse: cheap to make, costly to read
    read = []
    real = os.read
    def counted(fd, n):             # the bytes actually read
        data = real(fd, n)
        read.append(len(data))
        return data
    monkeypatch.setattr(os, "read", counted)
    game = load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2 and sum(read) < 2**20
    assert perft(game, game.initial_state(), 2) == 3136
    assert entry.stat().st_size < cache.MAX_ENTRY     # replaced by a good one
    load_game(GAMES / "lezug.yaml")
    assert len(checks) == 2


def test_the_size_limit_holds_for_reads_and_writes(cache_dir, checks, monkeypatch, tmp_path):
    load_game(GAMES / "lezug.yaml")
    [entry] = entries(cache_dir)
    size = entry.stat().st_size
    monkeypatch.setattr(cache, "MAX_ENTRY", size - 1)
    load_game(GAMES / "lezug.yaml")               # a good entry, but over the limit: a miss
    assert len(checks) == 2
    entry.unlink()
    load_game(GAMES / "lezug.yaml")               # and none that large is written
    assert len(checks) == 3 and entries(cache_dir) == []
    big = tmp_path / "big"                        # a file that grows past the limit is cut short
    big.write_bytes(b"x" * 10)
    assert cache._read_regular(big, 10) == b"x" * 10 and cache._read_regular(big, 9) is None
