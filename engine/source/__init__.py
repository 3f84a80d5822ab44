"""The source stage: a game file read safely (YAML with places), variant files merged, the
structure checked against the JSON Schema, options checked; the board kinds check their words
with the Checker defined here."""
