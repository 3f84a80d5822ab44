"""Tournament workers die with the tournament; SIGTERM prints the partial results.

Each test starts `rulebook tournament` with two worker processes on Le zug (random players,
2000-ply games: a few seconds of work), waits until the workers exist, signals the parent
and checks that no worker outlives it. Every process started is killed in `finally`.
"""
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import GAMES, ROOT

from rulebook.play.tournament import TournamentResult

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or not Path("/proc/self/status").exists(),
                                reason="reads /proc to find the worker processes")

LEZUG = str(GAMES / "lezug.yaml")
GAMES_PER_PAIRING = 200  # 200 games in all (two rotations of random,random): ~3 s on two workers
INTERRUPTED = re.compile(r"interrupted after (\d+) of (\d+) games")


def start(*extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "rulebook", "tournament", LEZUG, "--players", "random,random",
                             "--games", str(GAMES_PER_PAIRING), "--option", "max_plies=2000", "--workers", "2",
                             *extra], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def status(pid: int) -> dict[str, str]:
    """Fields of /proc/PID/status; {} once the process is gone."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return {}
    return dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)


def children(ppid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and status(int(entry)).get("PPid", "").strip() == str(ppid):
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Running or sleeping; a zombie (dead, waiting for its new parent to reap it) counts as gone."""
    fields = status(pid)
    return bool(fields) and not fields.get("State", "").startswith(("Z", "X"))


def wait_for_workers(proc: subprocess.Popen, count: int = 2, timeout: float = 30.0) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the tournament ended early: {proc.communicate()}"
        workers = [pid for pid in children(proc.pid) if alive(pid)]
        if len(workers) >= count:
            return workers
        time.sleep(0.05)
    raise AssertionError(f"the tournament did not start {count} workers within {timeout} s")


def wait_gone(pids: list[int], timeout: float = 5.0) -> list[int]:
    """The pids still alive after `timeout` seconds (the sooner all are gone, the sooner it returns)."""
    deadline = time.monotonic() + timeout
    while True:
        left = [pid for pid in pids if alive(pid)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def cleanup(proc: subprocess.Popen, workers: list[int]) -> None:
    if proc.poll() is None:
        proc.kill()
    try:
        proc.communicate(timeout=10)
    except Exception:
        pass
    for pid in workers:
        # only what is still ours: a live rulebook process, child of the tournament or orphaned
        if alive(pid) and status(pid).get("PPid", "").strip() in (str(proc.pid), "1") \
                and b"rulebook" in Path(f"/proc/{pid}/cmdline").read_bytes():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_sigkill_of_the_tournament_kills_its_workers():
    proc, workers = start(), []
    try:
        workers = wait_for_workers(proc)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        began = time.monotonic()
        left = wait_gone(workers, timeout=5.0)
        assert not left, f"workers {left} outlived their SIGKILLed parent"
        assert time.monotonic() - began < 5.0
    finally:
        cleanup(proc, workers)


def test_sigterm_prints_the_partial_results_and_exits_1():
    proc, workers = start(), []
    try:
        workers = wait_for_workers(proc)
        time.sleep(1.0)  # let a few chunks of games finish (or not: 0 finished is partial too)
        proc.send_signal(signal.SIGTERM)
        stdout, stderr = proc.communicate(timeout=20)
        assert proc.returncode == 1, (proc.returncode, stdout, stderr)
        assert not wait_gone(workers, timeout=5.0), "workers outlived the SIGTERMed tournament"
        match = INTERRUPTED.search(stdout)
        assert match, stdout
        finished, planned = int(match.group(1)), int(match.group(2))
        assert planned == 200 and 0 <= finished < planned
        assert f"Le zug: {finished} games" in stdout and "Win rate" in stdout  # the usual table
        assert "Traceback" not in stderr and "interrupted" in stderr
    finally:
        cleanup(proc, workers)


def test_sigint_with_json_gives_valid_partial_json():
    proc, workers = start("--json"), []
    try:
        workers = wait_for_workers(proc)
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=20)
        assert proc.returncode == 1, (proc.returncode, stdout, stderr)
        assert not wait_gone(workers, timeout=5.0), "workers outlived the interrupted tournament"
        data = json.loads(stdout)
        stop = data["interrupted"]
        assert stop["planned"] == 200 and stop["finished"] == data["games"] == len(data["results"]) < 200
        assert stop["message"] == f"interrupted after {data['games']} of 200 games"
        # the games that did finish are whole chunks, and each is the game of its index
        assert all(r["plies"] >= 1 for r in data["results"])
    finally:
        cleanup(proc, workers)


def test_only_a_partial_result_is_marked():
    full = TournamentResult("Nim", {}, ("a", "b"), ["random"], 2, "rotate", 0, [])
    assert full.interrupted is None and "interrupted" not in full.as_dict()
    assert "interrupted" not in full.render()
    part = TournamentResult("Nim", {}, ("a", "b"), ["random"], 2, "rotate", 0, [], planned=4)
    assert part.interrupted == "interrupted after 0 of 4 games"
    assert part.render().rstrip().endswith("interrupted after 0 of 4 games")
    assert part.as_dict()["interrupted"] == {"finished": 0, "planned": 4, "message": part.interrupted}
