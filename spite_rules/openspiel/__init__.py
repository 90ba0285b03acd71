"""Both games in OpenSpiel (the optional extra ``spite-rules[openspiel]``; docs/openspiel.md).

Layer: surface over both games — may import either game, the core, the cards and the errors.

Importing this package registers ``python_spite`` and ``python_spite_and_malice`` with
``pyspiel.register_game`` (:mod:`spite_rules.openspiel.games`); :mod:`spite_rules.openspiel.bots`
holds OpenSpiel's search bots as the library's bots (``ladder_bots``).

>>> import pyspiel
>>> import spite_rules.openspiel
>>> pyspiel.load_game("python_spite_and_malice", {"preset": "book"}).num_distinct_actions()
981
>>> pyspiel.load_game("python_spite", {"players": 4, "ruleset": "2023-07"}).num_players()
4
"""

from __future__ import annotations

from spite_rules.openspiel.games import SPECS, CardGame, CardState, from_library, rules_of, state_of

__all__ = ["SPECS", "CardGame", "CardState", "from_library", "rules_of", "state_of"]
