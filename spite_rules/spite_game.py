"""Spite as a :class:`~spite_rules.core.engine.Game`: a thin adapter over its own modules.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

Registered as ``game("spite")``. Each method hands straight over to the function of Spite's
surface that does the work (docs/api.md); nothing here adds a rule.

>>> spite = game("spite")
>>> state = spite.setup(hands=["5♠", "6♦", "7♣"])
>>> [str(move) for move in spite.legal_moves(state)]
['seat 0: 5♠', 'seat 0: 5♠ "come at me"']
>>> format_cards(spite.hidden_cards(state, 0).elements())   # other hands and the fake-joker pile
'~4♣ ~8♥ ~10♠ ~Q♦ ~A♣ 6♦ 7♣'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spite_rules.actions import Action, CallMisplay
from spite_rules.bots import BOTS, GreedyBot
from spite_rules.cards import Card
from spite_rules.core.engine import Game, register
from spite_rules.errors import IllegalAction
from spite_rules.events import Event, Misplay, OutOfTurnPlay
from spite_rules.hands import Hand, classify
from spite_rules.narrate import describe_action, describe_event
from spite_rules.round import apply, legal_moves, new_game, next_round, setup
from spite_rules.rules import RULESETS, Rules
from spite_rules.state import MAX_PLAYERS, MIN_PLAYERS, State
from spite_rules.views import SeatView, redact, view

__all__ = ["SpiteGame", "SPITE"]


class SpiteGame(Game[State, Action, Event, SeatView]):
    """Spite (seed 000, or a named ruleset such as the July 2023 revision): 3 to 9 players,
    tricks, misplays. A deal is one round."""

    __slots__ = ()
    name: str = "spite"
    title: str = "Spite"
    min_players: int = MIN_PLAYERS
    max_players: int = MAX_PLAYERS
    state_type: type[State] = State
    rules_type: type[Rules] = Rules
    view_type: type[SeatView] = SeatView
    action_type: Any = Action
    event_type: Any = Event
    #: docs/rules.md's clauses, by id.
    clauses: str = "spite_rules.clauses"
    #: Spite's bots by name, each made from a seed (:data:`spite_rules.bots.BOTS`).
    bots: Mapping[str, Callable[[int], Any]] = BOTS
    #: The default policy of a search's playouts, made from a seed: :class:`~spite_rules.bots.GreedyBot`.
    rollout_bot: Callable[[int], Any] = GreedyBot

    def rules_names(self) -> tuple[str, ...]:
        """The named rulesets (:data:`~spite_rules.rules.RULESETS`): seed 000 (the default) and
        the July 2023 revision.

        >>> game("spite").rules_names()
        ('000', '2023-07')
        """
        return tuple(RULESETS)

    # The surface's own functions, handed over unchanged (each documents itself).
    rules_named = staticmethod(Rules.ruleset)
    new_game = staticmethod(new_game)
    setup = staticmethod(setup)
    next_round = staticmethod(next_round)
    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    view = staticmethod(view)
    redact = staticmethod(redact)
    describe_event = staticmethod(describe_event)
    describe_action = staticmethod(describe_action)

    def rule_breaks(self, events: Sequence[Event]) -> tuple[tuple[int, str], ...]:
        """Each :class:`~spite_rules.events.Misplay`: its seat and the clause it names."""
        return tuple((event.player, event.rule) for event in events if isinstance(event, Misplay))

    def awaits_judgement(self, events: Sequence[Event]) -> bool:
        """An :class:`~spite_rules.events.OutOfTurnPlay` (ruling R29)."""
        return any(isinstance(event, OutOfTurnPlay) for event in events)

    def out_of_turn(self, action: Action) -> bool:
        """A misplay call (any seat may call, at any time the misplay is open)."""
        return isinstance(action, CallMisplay)

    def is_over(self, state: State) -> bool:
        """The round is over."""
        return state.round_over

    def all_cards(self, state: State) -> Counter[Card]:
        """Every real card and every fake joker at the table."""
        return state.real_cards() + state.fake_joker_cards()

    def hidden_cards(self, state: State, seat: int) -> Counter[Card]:
        """What ``seat`` may not see: the deck (but for a come-at-me reward it is viewing), the
        finished tricks, the fake-joker pile, other seats' hands, fake jokers and earned cards,
        fake jokers forfeited to a misplay still open to a call, and other seats' face-down fake
        jokers in the trick. Another seat's face-up play waiting out of turn (ruling R29) is on
        the table for all to see, though its cards are still in that seat's hand."""
        hidden: Counter[Card] = Counter(state.deck)
        reward = state.reward
        if reward is not None and reward.player == seat:
            hidden.subtract(state.deck[: reward.count])
        others = [other for other in range(state.players) if other != seat]
        hidden.update(itertools.chain(
            state.discard, state.fake_pile,
            *(held[other] for other in others for held in (state.hands, state.fake_jokers, state.earned)),
            *(misplay.forfeited for misplay in state.open_misplays),
            *(play.cards for play in state.trick.plays if play.face_down and play.player != seat),
        ))
        # played out of turn: face up on the table, still held
        hidden.subtract(card for play in state.pending if not play.face_down and play.player != seat
                        for card in play.cards)
        return +hidden

    def determinize(self, view: SeatView, seed: int) -> State:
        """:func:`spite_rules.determinization.determinize_spite` (the research protocol,
        :mod:`spite_rules.core.research`)."""
        from spite_rules.determinization import determinize_spite

        return determinize_spite(view, seed)

    def returns(self, state: State) -> tuple[float, ...]:
        """Each seat's place in the finished round as a result: 1 for the first out, 0 for the
        last, evenly between (the research protocol)."""
        if not state.round_over or state.previous_order is None:
            raise IllegalAction("the round is not over: it has no returns yet")
        order, last = state.previous_order, state.players - 1
        return tuple(1.0 - order.index(seat) / last for seat in range(state.players))

    def configure_json(self, converter: Any) -> None:
        """Hands as their cards (re-classified on reading); actions and events as unions tagged
        by ``type``; a State without what ``legal_moves`` keeps with it (``State.verdicts``), and a
        State read is checked by :func:`~spite_rules.position.check_state`, the check ``setup`` runs."""
        from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

        from spite_rules.core.serialization import card_from_json, register_shape_check, register_tagged_union
        from spite_rules.position import check_state

        converter.register_unstructure_hook(Hand, lambda hand: [str(card) for card in hand.cards])
        converter.register_structure_hook(
            Hand, lambda value, _: classify([card_from_json(item) for item in value])
        )
        register_tagged_union(converter, Action)
        register_tagged_union(converter, Event)
        omit = override(omit=True)  # after the hooks above, which the State's functions build on
        converter.register_unstructure_hook(State, make_dict_unstructure_fn(State, converter, verdicts=omit))
        converter.register_structure_hook(State, make_dict_structure_fn(State, converter, verdicts=omit))
        register_shape_check(State, check_state)


#: Spite, as the registry holds it.
SPITE = SpiteGame()
register(SPITE)
