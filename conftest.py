"""Doctest collection: the optional extras' modules are collected only where the extras are installed
(CI installs them through the test extra; a bare install skips them, as tests/test_rl.py does)."""

import importlib.util

collect_ignore_glob = []
if not all(importlib.util.find_spec(name) for name in ("numpy", "gymnasium", "pettingzoo")):
    collect_ignore_glob.append("spite_rules/rl/*.py")
