"""The rules language: the parser of its sentences (grammar/rules.lark) into an AST that keeps
positions (dsl.py), and types and the emitter of Python source for expressions (expr.py)."""
