"""The rules language's grammar, shipped as package data (rules.lark beside this file)."""


def grammar_text() -> str:
    # importlib.resources is imported here, when a sentence is first parsed: a game served from
    # the compile cache never reads the grammar (start-up time is a feature)
    from importlib.resources import files
    return files(__name__).joinpath("rules.lark").read_text(encoding="utf-8")
