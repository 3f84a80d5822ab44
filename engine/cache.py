"""A compile cache: the checked rules of a game file, kept on disk between runs.

Checking a game file (YAML, JSON Schema, every rules-language string) costs far more than
compiling the checked rules, so `check_file` keeps its result here, keyed by everything it
depends on: the file's path as given (it appears in messages), the file's exact bytes, the
path and bytes of every base file it `extends` (so editing a base is a new key), the engine
(a hash of its own source files, grammar and schema) and the Python version. Only a file that
checks clean is stored; a file with findings (or a chain of bases that cannot be followed) is
checked every time.

Safety: an entry is a pickle, so one is loaded only when it is ours and meant for this key:
- the folder is $XDG_CACHE_HOME/rulebook (default ~/.cache/rulebook), owned by this user and
  writable by nobody else;
- each entry starts with a header (format, key) and carries an HMAC-SHA256 of header and
  payload under a secret kept in the folder (created once, readable by this user only): an
  entry written by anything else, copied from elsewhere, truncated or corrupted is ignored;
- any error while reading an entry counts as a miss, and any error while writing is ignored:
  the cache can make a load faster, never make it fail.
RULEBOOK_NO_CACHE=1 turns the cache off (nothing read, nothing written).
"""
from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

FORMAT = b"rulebook-cache-1"
_ENGINE_FILES = ("**/*.py", "**/*.json", "**/*.lark")   # inside the installed package
_engine_hash: str | None = None


def enabled() -> bool:
    return os.environ.get("RULEBOOK_NO_CACHE", "") in ("", "0")


def folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"   # the spec: relative means unset
    return root / "rulebook"


def engine_hash() -> str:
    """A hash of the engine's own files: any change to the engine is a new engine version."""
    global _engine_hash
    if _engine_hash is None:
        from . import __version__, grammar
        h = hashlib.sha256(f"{__version__}\0".encode())
        # the package and its grammar (one folder when installed, two in an editable checkout)
        tops = dict.fromkeys(Path(m.__file__).resolve().parent for m in (sys.modules[__package__], grammar))
        for top in tops:
            for pattern in _ENGINE_FILES:
                for f in sorted(top.glob(pattern)):
                    h.update(f"{top.name}/{f.relative_to(top)}\0".encode())
                    h.update(f.read_bytes())
                    h.update(b"\0")
        _engine_hash = h.hexdigest()
    return _engine_hash


def key(path: str | Path, content: bytes, bases: list[tuple[str, bytes]] | tuple = ()) -> bytes:
    """Everything a checked game depends on, as one text: bases are (name, bytes) of the files it extends."""
    parts = [FORMAT, str(path).encode("utf-8", "surrogateescape"), hashlib.sha256(content).hexdigest().encode()]
    for name, data in bases:
        parts += [b"extends " + name.encode("utf-8", "surrogateescape"), hashlib.sha256(data).hexdigest().encode()]
    return b"\n".join(parts + [engine_hash().encode(), sys.version.encode(), sys.implementation.cache_tag.encode()])


def current_key(path: str | Path) -> bytes | None:
    """The key of the file as it is on disk now, bases included; None if it cannot be read or its
    bases cannot be followed (the check will say why)."""
    try:
        content = Path(path).read_bytes()
        from .source.load import base_files
        bases = [(name, p.read_bytes()) for name, p in base_files(path, content)]
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


def _secret(d: Path, create: bool) -> bytes | None:
    p = d / "secret"
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if st.st_mode & (stat.S_IRWXG | stat.S_IRWXO) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
                return None
            data = f.read()
        return data if len(data) == 32 else None
    except FileNotFoundError:
        if not create:
            return None
    except OSError:
        return None
    data = os.urandom(32)
    try:
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except FileExistsError:          # another process made it first: use theirs
        return _secret(d, False)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    return data


def _entry(d: Path, k: bytes) -> Path:
    return d / (hashlib.sha256(k).hexdigest() + ".pickle")


def load(path: str | Path) -> tuple[Any, bytes | None]:
    """(the cached value or None, the key of the file's current bytes or None if uncacheable)."""
    if not enabled():
        return None, None
    k = current_key(path)
    if k is None:
        return None, None
    try:
        d = folder()
        if not _safe_dir(d):
            return None, k
        secret = _secret(d, create=False)
        if secret is None:
            return None, k
        fd = os.open(_entry(d, k), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as f:
            blob = f.read()
        head, _, rest = blob.partition(b"\0\0")
        mac, payload = rest[:32], rest[32:]
        if head != k or len(mac) != 32 or not hmac.compare_digest(mac, hmac.new(secret, head + payload, "sha256").digest()):
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
        d = folder()
        d.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not _safe_dir(d):
            return
        secret = _secret(d, create=True)
        if secret is None:
            return
        mac = hmac.new(secret, k + payload, "sha256").digest()
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
    if not _safe_dir(d):
        return 0
    for f in d.glob("*.pickle"):
        try:
            f.unlink()
            n += 1
        except OSError:
            pass
    return n
