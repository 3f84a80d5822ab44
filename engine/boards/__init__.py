"""Board kinds: each one reads its own words from a checked game file and compiles a Game."""
