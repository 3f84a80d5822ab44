"""Shared fixtures: the repository's folders and the reference vectors (tests/data/vectors)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "games"
DATA = Path(__file__).resolve().parent / "data"
VECTORS = DATA / "vectors"


def vector(name: str) -> dict:
    return json.loads((VECTORS / name).read_text())


@pytest.fixture(scope="session")
def lezug():
    from rulebook import load_game
    return load_game(GAMES / "lezug.yaml")
