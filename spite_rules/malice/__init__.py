"""Spite and Malice (seeds 002-004), the competitive patience game that shares Spite's name:
``import spite_rules.malice as sm``. The fixed names are in docs/malice/api.md.

>>> import spite_rules.malice as sm
>>> state = sm.new_game(2, seed=3, rules=sm.Rules.preset("book"))
>>> state.rules.version, len(state.payoff[0]), sm.PRESETS
('003-book-r1', 26, ('common', 'book', 'jacks', 'three_decks'))
>>> move = sm.legal_moves(state)[0]
>>> state, events = sm.apply(state, move)
"""

from __future__ import annotations

from spite_rules.malice.actions import (
    Action,
    Discard,
    EndTurn,
    Load,
    MoveSide,
    Origin,
    PlaceForced,
    Play,
    Substitute,
)
from spite_rules.malice.bots import GreedyBot
from spite_rules.malice.clauses import clause
from spite_rules.malice.events import (
    Discarded,
    Drew,
    Event,
    FinalTurn,
    ForcedPlayWaiting,
    GameOver,
    HandsRedealt,
    Loaded,
    ObligationLapsed,
    PayoffTurnedUp,
    Played,
    SideCardMoved,
    StackCompleted,
    StackSetAside,
    StockShuffled,
    Substituted,
    TurnBegan,
    TurnEnded,
)
from spite_rules.malice.hints import hint_order, hints
from spite_rules.malice.narrate import describe_action, describe_event
from spite_rules.malice.notation import parse_action
# The public functions whose rules are compiled in the compiled build, documented in plain Python.
from spite_rules.malice.public import apply, deal, legal_moves, new_game, next_round, setup
from spite_rules.malice.rules import (
    PRESETS,
    VARIATIONS,
    CentreLimit,
    Completed,
    FirstPlayer,
    Rules,
    Scoring,
    SideRule,
    Stalemate,
)
from spite_rules.malice.scoring import Result
from spite_rules.malice.state import Phase, State
from spite_rules.malice.views import SeatView, redact, view
from spite_rules.malice import display as _display  # str(state), str(view): the table pictures
from spite_rules.malice import game as _game  # noqa: F401  (registers game("malice"))

__all__ = [
    "Rules",
    "PRESETS",
    "VARIATIONS",
    "CentreLimit",
    "Completed",
    "FirstPlayer",
    "Scoring",
    "SideRule",
    "Stalemate",
    "State",
    "Phase",
    "Result",
    "SeatView",
    "new_game",
    "deal",
    "next_round",
    "setup",
    "legal_moves",
    "apply",
    "view",
    "redact",
    "hints",
    "GreedyBot",
    "hint_order",
    "parse_action",
    "describe_action",
    "describe_event",
    "clause",
    "Action",
    "Origin",
    "Play",
    "Discard",
    "EndTurn",
    "MoveSide",
    "Substitute",
    "Load",
    "PlaceForced",
    "Event",
    "TurnBegan",
    "Drew",
    "Played",
    "PayoffTurnedUp",
    "Discarded",
    "SideCardMoved",
    "Substituted",
    "Loaded",
    "StackCompleted",
    "StackSetAside",
    "StockShuffled",
    "ForcedPlayWaiting",
    "ObligationLapsed",
    "TurnEnded",
    "HandsRedealt",
    "FinalTurn",
    "GameOver",
]
