"""A toy game on the Game protocol, to show the web server holds nothing of Spite's: each seat is
dealt three cards and lays one a turn, clockwise, until every hand is empty. Registered only by
the test that uses it (``register_toy``), never by the library."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from spite_rules.core import engine
from spite_rules.cards import Card, standard_deck
from spite_rules.errors import IllegalAction


@attrs.frozen
class ToyRules:
    hand_size: int = 3


@attrs.frozen
class Lay:
    player: int
    card: Card


@attrs.frozen
class Knock:
    player: int


@attrs.frozen
class Laid:
    player: int
    card: Card


@attrs.frozen
class AllLaid:
    order: tuple[int, ...]


@attrs.frozen
class ToyState:
    rules: ToyRules
    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...] = ()
    to_act: int | None = 0


@attrs.frozen
class ToyView:
    seat: int
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Card, ...]
    to_act: int | None


ToyAction = Lay | Knock
ToyEvent = Laid | AllLaid


class ToyGame:
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 4
    state_type = ToyState
    rules_type = ToyRules
    view_type = ToyView
    action_type: Any = ToyAction
    event_type: Any = ToyEvent

    def default_rules(self) -> ToyRules:
        return ToyRules()

    def rules_named(self, name: str) -> ToyRules:
        if name != "plain":
            raise IllegalAction(f"ruleset {name!r} does not exist (known: plain)")
        return ToyRules()

    def rules_names(self) -> tuple[str, ...]:
        return ("plain",)

    def new_game(self, players: int | Sequence[str], *, seed: int, rules: Any = None) -> ToyState:
        names = tuple(players) if not isinstance(players, int) else tuple(f"seat {n}" for n in range(players))
        deck = list(standard_deck(1))
        random.Random(seed).shuffle(deck)
        size = (rules or ToyRules()).hand_size
        hands = tuple(tuple(deck[n * size : (n + 1) * size]) for n in range(len(names)))
        return ToyState(rules or ToyRules(), names, hands)

    def next_round(self, state: ToyState, late_joiners: Sequence[str] = ()) -> tuple[ToyState, tuple[Any, ...]]:
        raise IllegalAction("the toy game has one deal")

    def setup(self, **position: Any) -> ToyState:
        raise IllegalAction("the toy game has no set-up")

    def legal_moves(self, state: ToyState) -> tuple[Any, ...]:
        if state.to_act is None:
            return ()
        return tuple(Lay(state.to_act, card) for card in state.hands[state.to_act])

    def apply(self, state: ToyState, action: Any) -> tuple[ToyState, tuple[Any, ...]]:
        if not isinstance(action, Lay) or action.player != state.to_act or action.card not in state.hands[action.player]:
            raise IllegalAction(f"{action} is not a move now")
        hand = list(state.hands[action.player])
        hand.remove(action.card)
        hands = state.hands[: action.player] + (tuple(hand),) + state.hands[action.player + 1 :]
        events: list[Any] = [Laid(action.player, action.card)]
        following = (action.player + 1) % len(hands)
        if not any(hands):
            events.append(AllLaid(tuple(range(len(hands)))))
            following = None
        return attrs.evolve(state, hands=hands, table=state.table + (action.card,), to_act=following), tuple(events)

    def to_act(self, state: ToyState) -> int | None:
        return state.to_act

    def rule_breaks(self, events: Sequence[Any]) -> tuple[tuple[int, str], ...]:
        return ()

    def awaits_judgement(self, events: Sequence[Any]) -> bool:
        return False

    def out_of_turn(self, action: Any) -> bool:
        return False

    def is_over(self, state: ToyState) -> bool:
        return state.to_act is None

    def seats(self, state: ToyState) -> int:
        return len(state.hands)

    def names(self, state: ToyState) -> tuple[str, ...]:
        return state.names

    def view(self, state: ToyState, seat: int) -> ToyView:
        sizes = tuple(len(hand) for hand in state.hands)
        return ToyView(seat, state.names, state.hands[seat], sizes, state.table, state.to_act)

    def redact(self, event: Any, seat: int) -> Any:
        return event

    def describe_event(self, event: Any, names: Sequence[str]) -> str:
        if isinstance(event, Laid):
            return f"{names[event.player]} lays {event.card}"
        return "every card is laid"

    def describe_action(self, action: Any, names: Sequence[str]) -> str:
        return f"{names[action.player]}: lay {action.card}" if isinstance(action, Lay) else f"{names[action.player]}: knock"

    def all_cards(self, state: ToyState) -> Counter[Card]:
        return Counter(card for hand in state.hands for card in hand) + Counter(state.table)

    def hidden_cards(self, state: ToyState, seat: int) -> Counter[Card]:
        return Counter(card for other, hand in enumerate(state.hands) if other != seat for card in hand)

    def clause_ids(self) -> frozenset[str]:
        return frozenset()

    def json_kinds(self) -> Mapping[str, type]:
        return {"ToyState": ToyState, "ToyView": ToyView, "ToyRules": ToyRules, "Lay": Lay, "Knock": Knock,
                "Laid": Laid, "AllLaid": AllLaid}

    def configure_json(self, converter: Any) -> None:
        from spite_rules.core.serialization import register_tagged_union

        register_tagged_union(converter, ToyAction)
        register_tagged_union(converter, ToyEvent)


@contextmanager
def toy_registered() -> Iterator[ToyGame]:
    """The toy game in the registry (and so in ``GAMES``) for the duration."""
    toy = ToyGame()
    engine._MODULES["toy"] = __name__
    engine.register(toy)
    try:
        yield toy
    finally:
        del engine._MODULES["toy"]
        engine._REGISTERED.pop("toy", None)
