"""Shared fixtures: the repository's folders and the reference vectors beside the checkout."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "games"
DATA = Path(__file__).resolve().parent / "data"
VECTORS = ROOT.parent / "shared" / "vectors"


def vector(name: str) -> dict:
    path = VECTORS / name
    if not path.exists():
        pytest.skip(f"reference vectors not found at {VECTORS}")
    return json.loads(path.read_text())


@pytest.fixture(scope="session")
def lezug():
    from engine import load_game
    return load_game(GAMES / "lezug.yaml")
