"""docs/api.md's examples run as written (doctest, from the top of the checkout)."""
from __future__ import annotations

import doctest

from conftest import ROOT


def test_the_api_page_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    failures, tried = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                                       optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried >= 40 and failures == 0


def test_the_package_docstring_example_runs(monkeypatch):
    import rulebook
    monkeypatch.chdir(ROOT)
    failures, tried = doctest.testmod(rulebook)
    assert tried >= 3 and failures == 0
