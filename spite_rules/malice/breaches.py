"""Every rule an action can break, one function each, and :func:`breach`, which asks them in
order for one action: ``apply`` asks it of an action ``legal_moves`` did not just offer, and
``tests/malice/oracles.py``'s ``reference_moves`` (which the property tests hold ``legal_moves``
to) of every candidate. The rules live with what they govern: the piles' in ``piles.py`` and
``side_stacks.py`` (their generators are the rules; a breach asks them and words only a refusal),
the sources' in ``sources.py``, the compulsory plays in ``compulsory.py``, seed 002's "must be
sure" rules in ``sure.py``.

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ 7♥", ""])
>>> breach(state, Play(0, "7♥", 0))
'a 7♥ cannot start a centre stack: only an ace can [malice.centre.ace-starts]'
>>> breach(state, Play(1, "A♠", 0))
"it is seat 0's turn, not seat 1's [malice.turn.whose-turn]"
>>> breach(state, EndTurn(0))
'the turn ends only with a discard to a side stack [malice.turn.ends-with-discard]'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from spite_rules.cards import Card, format_cards
from spite_rules.errors import shown
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
from spite_rules.malice.compulsory import (
    aces_and_twos_breach,
    stalemate_aces_twos_breach,
    twos_while_aces_breach,
)
from spite_rules.malice.moves import forced_card
from spite_rules.malice.order import NATURAL, WILD, value_name, value_table
from spite_rules.malice.piles import centre_breach, fits, tag
from spite_rules.malice.side_stacks import side_breach
from spite_rules.malice.sources import card_at_source_breach, is_opponent, pile_owner_breach
from spite_rules.malice.state import Phase, State
from spite_rules.malice.sure import sure_breach, turn_end_breach

__all__ = [
    "breach",
    "turn_breach",
    "source_breach",
    "centre_play_breach",
    "discard_breach",
    "fill_first_breach",
    "end_turn_breach",
    "side_move_breach",
    "substitution_breach",
    "loading_breach",
    "place_forced_breach",
]


#: The phases each kind of action may be taken in.
_PHASES: dict[type, tuple[Phase, ...]] = {
    Play: (Phase.PLAY,),
    Substitute: (Phase.PLAY,),
    Load: (Phase.PLAY,),
    EndTurn: (Phase.PLAY,),
    MoveSide: (Phase.PLAY,),
    Discard: (Phase.PLAY, Phase.FILL),
    PlaceForced: (Phase.PLACE,),
}


def turn_breach(state: State, action: Action) -> str | None:
    """Whose turn, and what the turn's phase allows. Seed 003: "thereafter the players take
    alternate turns" ("Turn to play passes clockwise").

    >>> from spite_rules.malice.deal import setup
    >>> turn_breach(setup(payoff=["5♠", "6♠"]), PlaceForced(0, "5♠", 0))
    'no forced card is waiting for a place: that is done only when one is [malice.turn.phase]'
    """
    if state.game_over:
        return tag("the game is over", "turn.game-over")
    player = action.player
    if type(player) is not int or not 0 <= player < len(state.payoff):
        return tag(f"seat {shown(player)} does not exist (seats are 0 to {len(state.payoff) - 1})", "turn.seat")
    if player != state.to_act:
        return tag(f"it is seat {state.to_act}'s turn, not seat {player}'s", "turn.whose-turn")
    phase = state.phase
    if phase not in _PHASES[type(action)] and not (
        # ruling M42: where a turn may end without a discard, the Massachusetts ending may too
        phase is Phase.FILL and type(action) is EndTurn and state.rules.end_without_discard
    ):
        if phase is Phase.PLACE:
            waiting = forced_card(state)
            card = waiting[1] if waiting else "a card"
            return tag(f"the forced {card} must be placed first (place it on a centre stack it fits)",
                       "jacks.forced-place")
        if phase is Phase.FILL:
            return tag("the turn is ending: fill every empty side stack from your hand, then discard",
                       "massachusetts.fill")
        return tag("no forced card is waiting for a place: that is done only when one is", "turn.phase")
    return None


def source_breach(state: State, action: Play | Substitute) -> str | None:
    """Where the card comes from: a pile the seat may play from, with the card on top (or in the
    hand). Seed 003: "you can never play a pay-off card to a side stack" (only a discard goes there,
    and only from the hand).

    >>> from spite_rules.malice.deal import setup
    >>> source_breach(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]), Play(0, "8♣", 0))
    'seat 0 does not hold 8♣ (holds 7♣) [malice.sources.in-hand]'
    """
    origin = action.origin
    if type(origin) is not Origin:
        return tag(f"origin {shown(origin)} is not hand, pay-off or side", "sources.origin")
    owner = action.owner if action.owner is not None else action.player
    return pile_owner_breach(state, action.player, origin, owner) or card_at_source_breach(
        state, origin, owner, action.side, action.card
    )


def centre_play_breach(state: State, action: Play | PlaceForced) -> str | None:
    """The card must fit the centre stack (``piles.centre_breach``: an ace starts a stack, then one
    higher each time, within the stack limit, wild cards within their restrictions, never seed
    002's wild J and Q together).

    >>> from spite_rules.malice.deal import setup
    >>> centre_play_breach(setup(payoff=["5♠", "6♠"], hands=["2♣", ""]), Play(0, "2♣", 0))
    'a 2♣ cannot start a centre stack: only an ace can [malice.centre.ace-starts]'
    """
    return centre_breach(state.rules, state.centre, len(state.payoff), action.card, action.centre)


def discard_breach(state: State, action: Discard) -> str | None:
    """A discard comes from the hand and goes on the seat's own side stacks. Seed 003: "To play a
    card from your hand face-up on top of one of your side stacks"; with partners, "you can only
    discard to your own side stack".

    >>> from spite_rules.malice.deal import setup
    >>> discard_breach(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]), Discard(0, "7♣", 3))
    'a new side stack starts in the first empty space, side 1, not side 4 [malice.side.first-empty-space]'
    """
    hand = Counter(state.hands[action.player])
    wanted = Counter(action.cards)
    if wanted - hand:
        return tag(
            f"seat {action.player} does not hold {format_cards(action.cards)} "
            f"(holds {format_cards(state.hands[action.player]) or 'nothing'})",
            "sources.in-hand",
        )
    return side_breach(state.rules, state.side[action.player], action.cards, action.side)


def fill_first_breach(state: State, action: Discard) -> str | None:
    """Massachusetts: "immediately before making the side stack discard that ends your turn you must
    play a card from your hand to each of your empty side-stacks".

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> state = setup(payoff=["9♦", "Q♣"], hands=["2♥ 7♣", ""], side=[["5♠", "", "6♠", "7♠"], []],
    ...               rules=Rules().variation("massachusetts"))
    >>> fill_first_breach(state, Discard(0, "7♣", 0))
    'side 2 is empty: fill every empty side stack from your hand before the discard that ends the turn [malice.massachusetts.fill]'
    """
    if not state.rules.fill_empty_side_stacks:
        return None
    stacks = state.side[action.player]
    empty = next((index for index, stack in enumerate(stacks) if not stack), None)
    if empty is None or not stacks[action.side]:
        return None
    return tag(
        f"side {empty + 1} is empty: fill every empty side stack from your hand before the discard "
        "that ends the turn",
        "massachusetts.fill",
    )


def end_turn_breach(state: State, action: EndTurn) -> str | None:
    """Seed 003: "as soon as you play a card to a side stack your turn ends" — the common turn ends
    only so. Book: "you may decide to end your turn without playing to a side stack if you wish";
    "If you cannot or do not wish to play any cards at all in your turn you can pass". Seed 002: "Do
    nothing - opt not to discard / move a card."

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> end_turn_breach(setup(payoff=["5♠", "6♠"], rules=Rules.preset("book")), EndTurn(0)) is None
    True
    """
    if state.rules.end_without_discard:
        return None
    return tag("the turn ends only with a discard to a side stack", "turn.ends-with-discard")


def side_move_breach(state: State, action: MoveSide) -> str | None:
    """Seed 002: "move one of the top cards in your discard pile to any other discard pile" (seed
    003: "Note that you can never ... move a card from one side stack to another").

    >>> from spite_rules.malice.deal import setup
    >>> side_move_breach(setup(payoff=["5♠", "6♠"], side=[["7♣"], []]), MoveSide(0, "7♣", 0, 1))
    'a card never moves from one side stack to another [malice.side.no-moves]'
    """
    if not state.rules.side_moves:
        return tag("a card never moves from one side stack to another", "side.no-moves")
    stacks = state.side[action.player]
    source = action.source
    at_source = card_at_source_breach(state, Origin.SIDE, action.player, source, action.card)
    if at_source:
        return at_source
    if source == action.side:
        return tag(f"{action.card} is on side {source + 1} already", "side.move-elsewhere")
    moved = tuple(stacks[:source]) + (stacks[source][:-1],) + tuple(stacks[source + 1:])
    return side_breach(state.rules, moved, (action.card,), action.side)


def substitution_breach(state: State, action: Substitute) -> str | None:
    """Seed 002: "if there is an exposed wild card (a single wild card without being covered) in the
    common play area, you may substitute a real card for it, and switch the real value with the wild
    card." The real card must be of the value the wild stands for.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> state = setup(payoff=["9♦", "Q♣"], hands=["8♥", ""], centre=["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ K♥"], rules=Rules.preset("jacks"))
    >>> substitution_breach(state, Substitute(0, "8♥", 0))
    'the wild on centre 1 stands for a 7: an 8♥ cannot take its place [malice.jacks.substitution]'
    """
    rules = state.rules
    if not rules.substitution:
        return tag("wild cards are not substituted in these rules", "jacks.substitution")
    space = action.centre
    if type(space) is not int or not 0 <= space < len(state.centre) or not state.centre[space]:
        return tag(f"centre {space + 1 if type(space) is int else space} has no card to replace",
                   "jacks.substitution")
    values = value_table(rules)
    stack = state.centre[space]
    if values[stack[-1].rank] != WILD:
        return tag(f"the top of centre {space + 1} ({stack[-1]}) is not a wild card", "jacks.substitution")
    worth = values[action.card.rank]
    if worth != len(stack):
        article = "an" if value_name(worth).startswith(("8", "A")) else "a"
        return tag(
            f"the wild on centre {space + 1} stands for a {value_name(len(stack))}: "
            f"{article} {action.card} cannot take its place",
            "jacks.substitution",
        )
    return None


def loading_breach(state: State, action: Load) -> str | None:
    """Seed 003, "Loading the Opponent's Pay-off Pile": "it is permissible to move the card from the
    top of your pay-off pile or play a card from your hand onto the top of your opponent's pay-off
    pile. The card must be the same suit and one rank higher or lower than the card on which it is
    placed. ... you are not allowed to load cards from your discard piles". Ruling M13: jokers are
    never loaded (no suit), a king counts 13 (next to the queen), and the last pay-off card is not
    loaded (the game is won by playing it to the centre).

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> state = setup(payoff=["2♣ 5♥", "8♥"], hands=["10♥ 9♠", ""], rules=Rules().variation("loading"))
    >>> loading_breach(state, Load(0, "9♠", 1))
    'a 9♠ cannot be loaded on 8♥: it must be the same suit and one rank higher or lower [malice.loading.suit-and-rank]'
    """
    if not state.rules.loading:
        return tag("loading the opponent's pay-off pile is not played in these rules", "loading.allowed")
    target = action.target
    seat = action.player
    if type(target) is not int or not 0 <= target < len(state.payoff) or not is_opponent(state, seat, target):
        return tag(f"seat {shown(target)} is not an opponent whose pay-off pile can be loaded", "loading.opponent")
    if action.origin is Origin.SIDE or type(action.origin) is not Origin:
        return tag("you are not allowed to load cards from your discard piles", "loading.source")
    at_source = card_at_source_breach(state, action.origin, seat, None, action.card)
    if at_source:
        return at_source
    if action.origin is Origin.PAYOFF and len(state.payoff[seat]) == 1:
        return tag("the last pay-off card is played to the centre, not loaded", "loading.last-card")
    pile = state.payoff[target]
    if not pile:
        return tag(f"seat {target}'s pay-off pile is empty", "loading.opponent")
    top = pile[-1]
    card = action.card
    if (card.suit is None or card.suit is not top.suit
            or abs(NATURAL.get(card.rank, 0) - NATURAL.get(top.rank, 0)) != 1):
        return tag(
            f"a {card} cannot be loaded on {top}: it must be the same suit and one rank higher or lower",
            "loading.suit-and-rank",
        )
    return None


def place_forced_breach(state: State, action: PlaceForced) -> str | None:
    """Seed 002: the forced card "is played immediately - either in the same location or different
    location if available, as decided at that moment by the current player".

    >>> from spite_rules.malice.deal import setup
    >>> place_forced_breach(setup(payoff=["5♠", "6♠"]), PlaceForced(0, "5♠", 0))
    'no forced card is waiting [malice.jacks.forced-place]'
    """
    waiting = forced_card(state)
    if waiting is None:
        return tag("no forced card is waiting", "jacks.forced-place")
    card: Card = waiting[1]  # type: ignore[assignment]
    if action.card != card:
        return tag(f"the forced card is {card}, not {action.card}", "jacks.forced-place")
    if action.centre not in fits(state.rules, state.centre, len(state.payoff), card):
        return centre_play_breach(state, action) or tag(
            f"{card} does not fit centre {action.centre + 1}", "jacks.forced-place"
        )
    return None


_Rule = Callable[[State, Action], "str | None"]

#: The rules asked for each kind of action, in order (after the turn and the compulsory plays).
_RULES: dict[type, tuple[_Rule, ...]] = {
    Play: (source_breach, centre_play_breach),  # type: ignore[dict-item]
    Substitute: (source_breach, substitution_breach),  # type: ignore[dict-item]
    Load: (loading_breach,),  # type: ignore[dict-item]
    Discard: (discard_breach, fill_first_breach),  # type: ignore[dict-item]
    MoveSide: (side_move_breach,),  # type: ignore[dict-item]
    EndTurn: (end_turn_breach,),  # type: ignore[dict-item]
    PlaceForced: (place_forced_breach,),  # type: ignore[dict-item]
}

#: Rules about the whole turn, asked after an action's own rules.
_TURN_RULES: tuple[_Rule, ...] = (
    aces_and_twos_breach,
    stalemate_aces_twos_breach,
    twos_while_aces_breach,
    turn_end_breach,
)


def breach(state: State, action: Action, *, sure: bool = True) -> str | None:
    """The first rule ``action`` breaks in ``state``, in words naming the rule; None when it is
    allowed. ``sure=False`` leaves out seed 002's "must be sure" search (the search itself asks so).

    >>> from spite_rules.malice.deal import setup
    >>> breach(setup(payoff=["5♠", "6♠"], hands=["A♣", ""]), Play(0, "A♣", 0)) is None
    True
    """
    found = turn_breach(state, action)
    if found:
        return found
    for rule in _RULES[type(action)]:
        found = rule(state, action)
        if found:
            return found
    for rule in _TURN_RULES:
        found = rule(state, action)
        if found:
            return found
    if sure:
        return sure_breach(state, action)
    return None
