"""A compile cache: the checked rules of a game file, kept on disk between runs.

Checking a game file (YAML, JSON Schema, every rules-language string) costs far more than
compiling the checked rules, so `check_file` keeps its result here, keyed by everything it
depends on: the file's path as given (it appears in messages), the file's exact bytes, the
path and bytes of every base file it `extends` (so editing a base is a new key), the engine
(a digest of its own source files, grammar and schema: names, sizes, times of change) and the Python version. Only a file that
checks clean is stored; a file with findings (or a chain of bases that cannot be followed) is
checked every time.

The rule: the cache can make a load faster, never make it fail, hang or harm the machine.

Where: $XDG_CACHE_HOME/rulebook when XDG_CACHE_HOME is an absolute path (a relative one counts
as unset, as the XDG spec says), else $HOME/.cache/rulebook. With neither (HOME unset, empty,
relative, or not an existing folder) the cache is off for that run: nothing read, nothing
created (never a folder tree made from a relative or empty path).

Safety: an entry is a pickle, so one is loaded only when it is ours and meant for this key:
- the folder is owned by this user and writable by nobody else (a symlink is not used);
- each entry starts with a header (format, key) and carries a keyed BLAKE2b MAC of header and
  payload under a secret kept in the folder (32 random bytes, mode 0600): an entry written by
  anything else, copied from elsewhere, truncated or corrupted is ignored;
- only regular files are opened (checked with lstat first, then opened with O_NOFOLLOW and
  O_NONBLOCK where the platform has them, and checked again with fstat), so a FIFO, a symlink,
  a device or a folder in place of an entry or of the secret is a miss, never a hang;
- an entry larger than MAX_ENTRY (64 MB) is a miss without being read, and none is read past
  that size; none that large is written;
- any error while reading an entry counts as a miss, and any error while writing is ignored.

The secret is created atomically (written whole to a private temporary file, then linked into
place, so no other process ever sees it half-written). A secret that is unusable (not exactly 32
bytes, e.g. empty after a crash or a full disk; not a regular file; readable by others or not
ours) is never used: a load with it is a miss, and the next store treats it as absent and
replaces it atomically with a fresh one (mode 0600), which the same store then uses. Entries
signed with the old secret then no longer verify, so they are misses and are rewritten: the
cache heals itself instead of staying off for good. (A folder in place of the secret cannot be
replaced; the cache is then off for that folder, without error.)

RULEBOOK_NO_CACHE=1 turns the cache off (nothing read, nothing written).
"""
from __future__ import annotations

import os
import pickle
import stat
import sys
from pathlib import Path
from typing import Any

# keyed BLAKE2 for the entries' MACs and the keys' digests: the C modules behind them load in
# well under a millisecond, where hashlib and hmac load OpenSSL (about 5 ms, on every command
# served from the cache: start-up time is a feature)
try:
    from _blake2 import blake2b
    from _operator import _compare_digest as compare_digest
except ImportError:             # another Python: the public names of the same functions
    from hashlib import blake2b
    from hmac import compare_digest


def _digest(data: bytes, key: bytes = b"") -> bytes:
    return blake2b(data, digest_size=32, key=key).digest()

MAX_FILE_BYTES = 1_000_000  # as source/load.py's (a test checks they agree): bigger files are not cached

FORMAT = b"rulebook-cache-2"
_ENGINE_FILES = (".py", ".json", ".lark")   # the files of the installed package that make the engine
_engine_hash: str | None = None
MAX_ENTRY = 64 * 2**20          # bytes: a larger entry is a miss, never read
_SECRET_SIZE = 32
# open flags: never follow a symlink, never block on a FIFO, no text mode, not inherited
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0))


def enabled() -> bool:
    return os.environ.get("RULEBOOK_NO_CACHE", "") in ("", "0")


def folder() -> Path | None:
    """The cache folder, or None when there is no usable base folder (the cache is then off)."""
    base = os.environ.get("XDG_CACHE_HOME") or ""
    if os.path.isabs(base):                     # the spec: relative means unset
        return Path(base) / "rulebook"
    home = _home()
    return None if home is None else Path(home) / ".cache" / "rulebook"


def _home() -> str | None:
    """This user's home folder: an absolute path to an existing folder, or None."""
    if os.name == "nt":
        home = os.path.expanduser("~")          # USERPROFILE and friends; "~" itself if none
    else:
        home = os.environ.get("HOME") or ""     # never a guess: no HOME, no cache
    try:
        return home if os.path.isabs(home) and os.path.isdir(home) else None
    except (OSError, ValueError):
        return None


def engine_hash() -> str:
    """A digest of the engine's own files, each by its name, size and time of last change: any
    change to the engine is a new engine version (statting its files costs a millisecond,
    reading them all several; os.scandir's entries, not os.walk and relpath, keep it at that)."""
    global _engine_hash
    if _engine_hash is None:
        from . import __version__, grammar
        parts = [f"{__version__}"]
        # the package and its grammar (one folder when installed, two in an editable checkout)
        tops = dict.fromkeys(os.path.dirname(os.path.realpath(m.__file__)) for m in (sys.modules[__package__], grammar))
        for top in tops:
            folders = [(top, os.path.basename(top))]       # (path, name relative to top's parent)
            while folders:
                path, name = folders.pop()
                with os.scandir(path) as it:
                    entries = sorted(it, key=lambda e: e.name)
                inner = []
                for e in entries:
                    if e.is_dir(follow_symlinks=False):
                        if e.name != "__pycache__":
                            inner.append((e.path, f"{name}/{e.name}"))
                    elif e.name.endswith(_ENGINE_FILES):
                        st = e.stat()
                        parts.append(f"{name}/{e.name} {st.st_size} {st.st_mtime_ns}")
                folders += reversed(inner)              # depth first, in name order
        _engine_hash = _digest("\0".join(parts).encode("utf-8", "surrogateescape")).hex()
    return _engine_hash


def key(path: str | Path, content: bytes, bases: list[tuple[str, bytes]] | tuple = ()) -> bytes:
    """Everything a checked game depends on, as one text: bases are (name, bytes) of the files it extends."""
    parts = [FORMAT, str(path).encode("utf-8", "surrogateescape"), _digest(content).hex().encode()]
    for name, data in bases:
        parts += [b"extends " + name.encode("utf-8", "surrogateescape"), _digest(data).hex().encode()]
    return b"\n".join(parts + [engine_hash().encode(), sys.version.encode(), sys.implementation.cache_tag.encode()])


def current_key(path: str | Path) -> bytes | None:
    """The key of the file as it is on disk now, bases included; None if it cannot be read or its
    bases cannot be followed (the check will say why)."""
    try:
        content = _read_regular(Path(path), MAX_FILE_BYTES)     # never a device, never unbounded
        if content is None or len(content) > MAX_FILE_BYTES:
            return None
        bases = []
        # a file that cannot extend another (load.py's _may_extend) needs no YAML to be keyed
        may_extend = b"extends" in content or b"\\" in content
        if may_extend:
            from .source.load import base_files
        for name, p in (base_files(path, content) if may_extend else ()):
            data = _read_regular(p, MAX_FILE_BYTES)
            if data is None or len(data) > MAX_FILE_BYTES:
                return None
            bases.append((name, data))
        return key(path, content, bases)
    except Exception:
        return None


def _safe_dir(d: Path) -> bool:
    """Ours: a real folder owned by this user, writable by nobody else."""
    try:
        st = os.lstat(d)
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode) or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return False
    return not hasattr(os, "getuid") or st.st_uid == os.getuid()


def _read_regular(p: Path, limit: int, private: bool = False) -> bytes | None:
    """The bytes of p if it is a regular file (not a symlink, FIFO, device or folder) of at most
    limit bytes, never reading more than that; None otherwise. private: also owned by this user
    and readable by nobody else. Errors (a missing file included) propagate as OSError."""
    st = os.lstat(p)
    if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
        return None                             # not opened at all
    fd = os.open(p, _READ_FLAGS)
    try:
        st2 = os.fstat(fd)                      # what was opened (it may have been swapped)
        if not stat.S_ISREG(st2.st_mode) or (st2.st_dev, st2.st_ino) != (st.st_dev, st.st_ino) \
                or st2.st_size > limit:
            return None
        if private and hasattr(os, "getuid") and (st2.st_mode & (stat.S_IRWXG | stat.S_IRWXO)
                                                   or st2.st_uid != os.getuid()):
            return None                         # (POSIX only: elsewhere the mode bits mean little)
        chunks, n = [], 0
        while n <= limit:                       # at most limit + 1 bytes, even if it grows
            chunk = os.read(fd, min(limit + 1 - n, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            n += len(chunk)
        return None if n > limit else b"".join(chunks)
    finally:
        os.close(fd)


def _read_secret(p: Path) -> tuple[bytes | None, bool]:
    """(the secret or None, whether the file is absent)."""
    try:
        data = _read_regular(p, _SECRET_SIZE, private=True)
    except FileNotFoundError:
        return None, True
    except OSError:
        return None, False
    return (data if data is not None and len(data) == _SECRET_SIZE else None), False


def _secret(d: Path, create: bool) -> bytes | None:
    """The folder's secret; with create, make it if absent and replace it if unusable."""
    p = d / "secret"
    data, absent = _read_secret(p)
    if data is not None or not create:
        return data
    # absent or unusable: write a fresh one whole to a private temporary file, then put it in place
    import tempfile
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-secret-")   # mode 0600
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(os.urandom(_SECRET_SIZE))
            f.flush()
            os.fsync(f.fileno())
        if hasattr(os, "chmod"):
            os.chmod(tmp, 0o600)
        if absent:
            try:
                os.link(tmp, p)                 # atomic, and fails if another process made it first
            except FileExistsError:
                pass                            # theirs wins (read below)
            except (OSError, AttributeError, NotImplementedError):
                os.replace(tmp, p)              # no hard links here: the last one wins
        else:
            os.replace(tmp, p)                  # atomic: readers see the old file or the new one
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    return _read_secret(p)[0]                   # what is in place now, whoever wrote it


def _entry(d: Path, k: bytes) -> Path:
    return d / (_digest(k).hex() + ".pickle")


def load(path: str | Path) -> tuple[Any, bytes | None]:
    """(the cached value or None, the key of the file's current bytes or None if uncacheable)."""
    if not enabled():
        return None, None
    k = current_key(path)
    if k is None:
        return None, None
    try:
        d = folder()
        if d is None or not _safe_dir(d):
            return None, k
        secret = _secret(d, create=False)
        if secret is None:
            return None, k
        blob = _read_regular(_entry(d, k), MAX_ENTRY)
        if blob is None:
            return None, k
        head, _, rest = blob.partition(b"\0\0")
        mac, payload = rest[:32], rest[32:]
        if head != k or len(mac) != 32 or not compare_digest(mac, _digest(head + payload, secret)):
            return None, k
        return pickle.loads(payload), k
    except Exception:       # a missing, foreign or broken entry is a miss, never an error
        return None, k


def store(path: str | Path, k: bytes | None, value: Any) -> None:
    """Keep value under key k, if the file (and its bases) still hold the bytes k was made from."""
    if k is None or not enabled():
        return
    try:
        if current_key(path) != k:
            return                  # the file or a base changed while it was checked
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        if len(k) + 2 + 32 + len(payload) > MAX_ENTRY:
            return                  # it would never be read back
        d = folder()
        if d is None:
            return                  # no usable base folder: nothing created
        d.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not _safe_dir(d):
            return
        secret = _secret(d, create=True)
        if secret is None:
            return
        mac = _digest(k + payload, secret)
        import tempfile
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(k + b"\0\0" + mac + payload)
            os.replace(tmp, _entry(d, k))
        except BaseException:
            os.unlink(tmp)
            raise
    except Exception:
        pass


def clear() -> int:
    """Remove every entry (not the secret); the number removed."""
    d, n = folder(), 0
    if d is None or not _safe_dir(d):
        return 0
    for f in d.glob("*.pickle"):
        try:
            f.unlink()
            n += 1
        except OSError:
            pass
    return n
