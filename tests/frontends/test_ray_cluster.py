"""Scale-out: a tournament on a Ray cluster started as a user starts one, through the CLI.

`ray start --head` on 127.0.0.1 (the venv's own `ray` script, as README's cluster section says),
then `rulebook tournament ... --backend ray --address 127.0.0.1:PORT`: the results must equal
the local backend's for the same seed. The cluster is stopped with `ray stop` at the end. Ray
is part of the test install (`.[test,ray]`), so this test never skips.
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import GAMES, ROOT

RAY = Path(sys.executable).with_name("ray")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rulebook(*args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rulebook", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600, env=env)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    assert RAY.exists(), f"the ray extra is part of the test install: {RAY} is missing (pip install '.[ray]')"
    port = free_port()
    temp = tmp_path_factory.mktemp("ray")
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    start = subprocess.run([str(RAY), "start", "--head", "--port", str(port), "--node-ip-address", "127.0.0.1",
                            "--num-cpus", "2", "--include-dashboard", "false", "--disable-usage-stats",
                            "--temp-dir", str(temp)],
                           capture_output=True, text=True, timeout=300, env=env)
    try:
        assert start.returncode == 0, start.stdout + start.stderr
        yield f"127.0.0.1:{port}"
    finally:
        subprocess.run([str(RAY), "stop"], capture_output=True, text=True, timeout=300, env=env)


def test_a_tournament_on_a_ray_cluster_equals_the_local_one(cluster):
    args = ["tournament", str(GAMES / "tictactoe.yaml"), "--players", "random,greedy,alphabeta:depth=2",
            "--games", "4", "--seed", "11", "--json"]
    local = rulebook(*args, "--backend", "local")
    assert local.returncode == 0, local.stderr
    started = time.monotonic()
    remote = rulebook(*args, "--backend", "ray", "--address", cluster, "--workers", "2")
    assert remote.returncode == 0, remote.stderr
    assert "Traceback" not in remote.stderr
    assert json.loads(remote.stdout) == json.loads(local.stdout)
    assert time.monotonic() - started < 300


def test_an_analysis_on_a_ray_cluster_equals_the_local_one(cluster, tmp_path):
    args = ["analyze", str(GAMES / "zug.yaml"), "--seat-count", "3", "--players", "random", "--games", "3",
            "--seed", "2"]
    local = rulebook(*args, "--backend", "local", "--out", str(tmp_path / "local"))
    assert local.returncode == 0, local.stderr
    remote = rulebook(*args, "--backend", "ray", "--address", cluster, "--out", str(tmp_path / "ray"))
    assert remote.returncode == 0, remote.stderr
    summary = lambda name: {k: v for k, v in json.loads((tmp_path / name / "summary.json").read_text()).items()  # noqa: E731
                            if k != "files"}
    assert summary("ray") == summary("local")
