"""The rules language's grammar, shipped as package data (rules.lark beside this file)."""
from importlib.resources import files


def grammar_text() -> str:
    return files(__name__).joinpath("rules.lark").read_text(encoding="utf-8")
