"""Spite and Malice in plain words: one line per event or action, for logs and front-ends. A seat
named "you" is spoken to ("you play K♠", "your turn"): :mod:`spite_rules.core.grammar`.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

>>> from spite_rules.cards import parse_card
>>> from spite_rules.malice.events import Played
>>> describe_event(Played(0, parse_card("K♠"), centre=1, stands_for=7), ["ann", "bob"])
'ann plays K♠ from hand to centre 2 (as a 7)'
"""

from __future__ import annotations

from collections.abc import Sequence

from spite_rules.cards import format_cards
from spite_rules.core.grammar import YOU, article, count, give_sentences, possessive, subject
from spite_rules.malice.actions import Action, Origin
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
from spite_rules.malice.order import value_name

__all__ = ["describe_event", "describe_action"]


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def _from(names: Sequence[str], origin: Origin, side: int | None, owner: int | None) -> str:
    pile = f"side {(side or 0) + 1}" if origin is Origin.SIDE else origin.value
    return pile if owner is None or origin is Origin.HAND else f"{possessive(_name(names, owner))} {pile}"


def describe_event(event: Event, names: Sequence[str]) -> str:
    """One line saying what happened.

    >>> from spite_rules.malice.events import Drew
    >>> describe_event(Drew(1, 3), ["ann", "bob"])
    'bob draws 3 cards'
    """
    if isinstance(event, Played):
        forced = f" ({event.forced})" if event.forced else ""
        return subject(_name(names, event.player),
                       f"plays {event.card} from {_from(names, event.origin, event.side, event.owner)} "
                       f"to centre {event.centre + 1} (as {article(value_name(event.stands_for))}){forced}")
    if isinstance(event, Drew):
        shown = f": {format_cards(event.cards)}" if event.cards else ""
        return subject(_name(names, event.player), f"draws {count(event.count, 'card')}{shown}")
    if isinstance(event, TurnBegan):
        return f"{possessive(_name(names, event.player))} turn"
    if isinstance(event, PayoffTurnedUp):
        return subject(_name(names, event.seat), f"turns up {event.card} on the pay-off pile")
    if isinstance(event, Discarded):
        return subject(_name(names, event.player), f"discards {format_cards(event.cards)} to side {event.side + 1}")
    if isinstance(event, SideCardMoved):
        return subject(_name(names, event.player),
                       f"moves {event.card} from side {event.source + 1} to side {event.side + 1}")
    if isinstance(event, Substituted):
        return subject(_name(names, event.player),
                       f"puts {event.card} from {_from(names, event.origin, event.side, event.owner)} "
                       f"on centre {event.centre + 1} in place of {event.wild}")
    if isinstance(event, Loaded):
        return subject(_name(names, event.player),
                       f"loads {event.card} onto {possessive(_name(names, event.target))} pay-off")
    if isinstance(event, StackCompleted):
        return f"centre {event.centre + 1} is complete"
    if isinstance(event, StackSetAside):
        return f"centre {event.centre + 1} ({count(event.count, 'card')}) is set aside"
    if isinstance(event, StockShuffled):
        return f"the stock is shuffled ({event.reason}): {count(event.size, 'card')}"
    if isinstance(event, ForcedPlayWaiting):
        spaces = ", ".join(str(space + 1) for space in event.choices)
        return (f"{event.card} from {possessive(_name(names, event.seat))} pay-off must be played: "
                f"{'centre' if len(event.choices) == 1 else 'centres'} {spaces}?")
    if isinstance(event, ObligationLapsed):
        return f"{possessive(_name(names, event.player))} turn ends with an obligation no card could meet"
    if isinstance(event, TurnEnded):
        return subject(_name(names, event.player), f"ends the turn ({event.how})")
    if isinstance(event, HandsRedealt):
        return (f"stalemate: everything but the pay-off piles is reshuffled and {count(event.count, 'card')} "
                "dealt to each")
    if isinstance(event, FinalTurn):
        finisher, last = _name(names, event.finisher), _name(names, event.player)
        return (f"{subject(finisher, 'has')} emptied {'your' if finisher == YOU else 'the'} pay-off pile: "
                f"{subject(last, 'has')} one more turn")
    assert isinstance(event, GameOver)
    if event.winner is None:
        return f"the game ends drawn ({event.how})"
    return subject(_name(names, event.winner), f"wins ({event.how})")


def describe_action(action: Action, names: Sequence[str]) -> str:
    """One line saying what a seat does: its notation with the seat's name.

    >>> from spite_rules.malice.actions import Discard
    >>> describe_action(Discard(0, "7♣", 1), ["ann", "bob"])
    'ann: discard 7♣ to side 2'
    """
    return f"{_name(names, action.player)}: {str(action).partition(': ')[2]}"


# ``str(event)``: one sentence, the seats named "seat N" (e.g. ``str(Drew(1, 1))`` is
# 'seat 1 draws 1 card').
give_sentences(Event, describe_event)
