"""Spite and Malice as a :class:`~spite_rules.core.engine.Game`: a thin adapter over its own modules.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

Registered as ``game("malice")``. Each method hands straight over to the function of the
``spite_rules.malice`` surface that does the work; nothing here adds a rule.

>>> from spite_rules.core.engine import game
>>> malice = game("malice")
>>> state = malice.setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠", "2♦"], stock="5♣ 6♣")
>>> [str(move) for move in malice.legal_moves(state)]
['seat 0: play A♠ from hand to centre 1', 'seat 0: discard A♠ to side 1']
>>> format_cards(sorted(malice.hidden_cards(state, 0).elements(), key=sort_key))
'2♦ 3♠ 5♣ 6♣'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from spite_rules.cards import Card, format_cards
from spite_rules.core.engine import Game, register
from spite_rules.errors import IllegalAction, shown
from spite_rules.malice.actions import Action
from spite_rules.malice.bots import BOTS, GreedyBot
from spite_rules.malice.deal import new_game, next_round, setup
from spite_rules.malice.determinization import determinize_malice, estimate, returns
from spite_rules.malice.events import Event
from spite_rules.malice.order import sort_key
from spite_rules.malice.narrate import describe_action, describe_event
from spite_rules.malice.rules import PRESETS, Rules
from spite_rules.malice.scoring import Result
from spite_rules.malice.state import State
from spite_rules.malice.turn import apply, legal_moves
from spite_rules.malice.views import SeatView, redact, view

__all__ = ["MaliceGame", "MALICE", "format_cards", "sort_key"]


class MaliceGame(Game[State, Action, Event, SeatView]):
    """Spite and Malice (seeds 002-004): 2 to 6 players, competitive patience. A deal is one game;
    ``next_round`` deals the next game of a series."""

    __slots__ = ()
    name: str = "malice"
    title: str = "Spite and Malice"
    min_players: int = 2
    max_players: int = 6
    state_type: type[State] = State
    rules_type: type[Rules] = Rules
    view_type: type[SeatView] = SeatView
    action_type: Any = Action
    event_type: Any = Event
    #: docs/malice/rules.md's clauses, by id: every rule a refusal names and the steps the engine
    #: takes by itself.
    clauses: str = "spite_rules.malice.clauses"
    #: Spite and Malice's bots by name, each made from a seed (:data:`spite_rules.malice.bots.BOTS`).
    bots: Mapping[str, Callable[[int], Any]] = BOTS
    #: The default policy of a search's playouts, made from a seed: :class:`~spite_rules.malice.bots.GreedyBot`.
    rollout_bot: Callable[[int], Any] = GreedyBot

    def rules_names(self) -> tuple[str, ...]:
        """The presets: common, book, jacks, three_decks."""
        return PRESETS

    # The surface's own functions, handed over unchanged (each documents itself).
    rules_named = staticmethod(Rules.preset)
    new_game = staticmethod(new_game)
    next_round = staticmethod(next_round)
    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    view = staticmethod(view)
    redact = staticmethod(redact)
    describe_event = staticmethod(describe_event)
    describe_action = staticmethod(describe_action)

    def setup(self, **position: Any) -> State:
        """:func:`spite_rules.malice.setup`."""
        return setup(**position)

    def is_over(self, state: State) -> bool:
        """The game is over."""
        return state.game_over

    def all_cards(self, state: State) -> Counter[Card]:
        """Every card at the table: pay-off piles, hands, side and centre stacks, stock, used."""
        return state.all_cards()

    def hidden_cards(self, state: State, seat: int) -> Counter[Card]:
        """What ``seat`` may not see: the stock, the set-aside stacks, other seats' hands, every
        pay-off card below the top, and (unless side stacks are spread) every side-stack card below
        the top."""
        if type(seat) is not int or not 0 <= seat < len(state.payoff):
            raise IllegalAction(f"seat {shown(seat)} does not exist (seats are 0 to {len(state.payoff) - 1})")
        hands = (hand for other, hand in enumerate(state.hands) if other != seat)
        piles = (pile[:-1] for pile in state.payoff)
        sides = (stack[:-1] for stacks in state.side for stack in stacks if not state.rules.spread_side_stacks)
        return Counter(itertools.chain(state.stock, state.used, *hands, *piles, *sides))

    # The research protocol (:mod:`spite_rules.core.research`): a whole state agreeing with a view,
    # each seat's result of a finished game, its prospects before the end.
    determinize = staticmethod(determinize_malice)
    returns = staticmethod(returns)
    estimate = staticmethod(estimate)

    def json_kinds(self) -> Mapping[str, type]:
        """The protocol's kinds and a game's Result."""
        return {**super().json_kinds(), "Result": Result}

    def configure_json(self, converter: Any) -> None:
        """Actions and events as unions tagged by ``type``; a State without what ``legal_moves`` keeps
        with it (``State.verdicts``); a State or SeatView read is checked to be a position that can
        happen (:func:`~spite_rules.malice.shape.check_state`, ``check_view``)."""
        from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

        from spite_rules.malice.shape import check_state
        from spite_rules.malice.views import check_view
        from spite_rules.core.serialization import register_shape_check, register_tagged_union

        register_tagged_union(converter, Action)
        register_tagged_union(converter, Event)
        omit = override(omit=True)  # after the unions above, which the State's functions build on
        converter.register_unstructure_hook(State, make_dict_unstructure_fn(State, converter, verdicts=omit))
        converter.register_structure_hook(State, make_dict_structure_fn(State, converter, verdicts=omit))
        register_shape_check(State, check_state)
        register_shape_check(SeatView, check_view)


#: Spite and Malice, as the registry holds it.
MALICE = MaliceGame()
register(MALICE)
