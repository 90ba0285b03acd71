"""The turn: :func:`legal_moves` and :func:`apply`, and the automatic steps ``apply`` takes and
reports as events: drawing to five at the start of a turn, refilling an emptied hand, shuffling a
completed stack into the stock, refilling the stock from the set-aside stacks, turning up pay-off
cards, compulsory aces, seed 002's forced plays, passing, stalemates and the end of the game.

Layer: Spite and Malice: machine — may import its rules of play and values, the core, the cards and the errors; never Spite.

>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["3♠ A♦", "Q♣ 9♣"], hands=["2♠ 7♥ 7♥ 8♣ 9♣", "4♦"], stock="5♣ 6♣ 10♦ J♦")
>>> [str(move) for move in legal_moves(state)][:2]
['seat 0: play A♦ from pay-off to centre 1', 'seat 0: discard 2♠ to side 1']
>>> state, events = apply(state, legal_moves(state)[0])
>>> [type(event).__name__ for event in events]
['Played', 'PayoffTurnedUp']
>>> state, events = apply(state, Discard(0, "7♥", 0))
>>> [type(event).__name__ for event in events]
['Discarded', 'TurnEnded', 'TurnBegan', 'Drew']
>>> state.to_act, state.hands[1]
(1, (Card('4♦'), Card('5♣'), Card('6♣'), Card('10♦'), Card('J♦')))
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from spite_rules.cards import Card
from spite_rules.errors import IllegalAction, shown
from spite_rules.core.fields import check_fields
from spite_rules.malice.actions import (
    Action,
    Discard,
    EndTurn,
    Load,
    MoveSide,
    PlaceForced,
    Play,
    Substitute,
)
from spite_rules.malice.breaches import breach
from spite_rules.malice.cascade import next_forced, triggers
from spite_rules.malice.compulsory import compulsory_ace, playable_hand_aces_and_twos
from spite_rules.malice.events import (
    Event,
    FinalTurn,
    ForcedPlayWaiting,
    GameOver,
    HandsRedealt,
    Loaded,
    ObligationLapsed,
    PayoffTurnedUp,
    StockShuffled,
)
from spite_rules.malice.legal import legal_moves, offered
from spite_rules.malice.moves import core_move
from spite_rules.malice.piles import centre_limit, rule_of, stays_complete
from spite_rules.malice.scoring import Result, game_points, series_scores
from spite_rules.malice.state import State, teams_of
from spite_rules.malice.sure import obligations_open
from spite_rules.malice.table import (
    COMPLETED_SHUFFLE_INTO_STOCK,
    ORIGIN_PAYOFF,
    ORIGIN_SIDE,
    PHASE_FILL,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_PLAY,
    STALEMATE_ENDS,
    Table,
    sort_hand,
)
from spite_rules.malice.turn_end import drawing, ending_move, quick_turn_end, turn_began, turn_ended
from spite_rules.core.shuffling import shuffle

__all__ = ["legal_moves", "apply", "begin_turn", "shuffled"]

_ACTIONS = (Play, Discard, EndTurn, MoveSide, Substitute, Load, PlaceForced)


def _field_breach(action: object) -> str | None:
    """The door of ``apply`` for an action it did not just offer: wrong Python types refused by
    :func:`~spite_rules.core.fields.check_fields` naming the class and the field (they cannot happen at a
    table), then a move written other than as its constructor writes it (``owner`` the acting seat,
    ``side`` given for a card not from a side stack: an action built around ``__init__``), which
    ``legal_moves`` never lists, so ``apply`` refuses it naming the field.

    >>> bare = Play(0, "7♥", 0)
    >>> object.__setattr__(bare, "side", 2)
    >>> _field_breach(bare)
    'Play.side must be None for a card from the hand, not 2 (Play(0, ..., side=2) is not how a move is written)'
    """
    kind = type(action)
    if kind not in _ACTIONS:
        return f"{shown(action)} is not a Spite and Malice action"
    check_fields(action)
    if kind is Play or kind is Substitute:
        move: Play | Substitute = action  # type: ignore[assignment]
        if move.owner is not None and move.owner == move.player:
            return (
                f"{kind.__name__}.owner must be None for the seat's own pile, not {move.owner} "
                f"({kind.__name__}({move.player}, ..., owner={move.owner}) is not how a move is written)"
            )
        if move.side is not None and move.origin is not ORIGIN_SIDE:
            return (
                f"{kind.__name__}.side must be None for a card from the {move.origin.value}, not {move.side} "
                f"({kind.__name__}({move.player}, ..., side={move.side}) is not how a move is written)"
            )
    return None


def apply(state: object, action: object) -> tuple[State, tuple[Event, ...]]:
    """The state after ``action`` and its events: :func:`spite_rules.malice.public.apply` documents it (a
    compiled function keeps no docstring, so the public one calls this). Its parameters are typed
    ``object``: the compiled build checks a native class's argument before the door could refuse it
    naming what is wrong."""
    if not isinstance(state, State):
        raise IllegalAction(f"state must be a Spite and Malice State, not {type(state).__name__}")
    if not offered(state, action):
        found = _field_breach(action) or breach(state, cast(Action, action))
        if found:
            raise IllegalAction(found, rule=rule_of(found))
    move = cast(Action, action)
    if type(move) is Discard or type(move) is EndTurn or type(move) is MoveSide:
        quick = quick_turn_end(state, move)
        if quick is not None:
            return quick
    return general_apply(state, move)


def general_apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """``apply`` of an allowed action by the general path: the handlers on a mutable ``Table``, which
    take a turn's ordinary steps from ``turn_end`` (the move, the draw, the events) and add the
    exceptional ones; ``turn_end.quick_turn_end`` composes the ordinary steps alone where no
    exceptional one can happen, held equal to this by a property test."""
    table = Table(state)
    _HANDLERS[type(action)](table, action)
    return table.freeze(), tuple(table.events)


# -- handlers -----------------------------------------------------------------------------------


def _play(table: Table, action: Play | Substitute) -> None:
    core_move(table, action)
    _automatic(table)


def _place(table: Table, action: PlaceForced) -> None:
    reason = table.pending[0][2]
    from spite_rules.malice.cascade import REASONS

    core_move(table, action, forced=REASONS[reason])
    table.pending.pop(0)
    table.phase = PHASE_PLAY
    _automatic(table)


def _load(table: Table, action: Load) -> None:
    """Seed 003's loading: the card goes onto the opponent's pay-off top."""
    seat = action.player
    table.take(action.origin, seat, None, action.card)
    table.removed.clear()
    table.payoff[action.target] = table.payoff[action.target] + (action.card,)
    table.events.append(Loaded(seat, action.card, action.target, action.origin))
    if action.origin is ORIGIN_PAYOFF and table.payoff[seat]:
        table.events.append(PayoffTurnedUp(seat, table.payoff[seat][-1]))
    table.moved = True
    _automatic(table)


def _discard(table: Table, action: Discard) -> None:
    """Seed 003: "To play a card from your hand face-up on top of one of your side stacks. This ends
    your turn." (``turn_end.ending_move``.) Massachusetts: a card to an empty side stack begins the
    ending instead."""
    seat = action.player
    filling = table.rules.fill_empty_side_stacks and not table.side[seat][action.side]
    _ending_move(table, action)
    table.moved = True
    if not filling:
        _end_turn(table, "discard")
        return
    table.phase = PHASE_FILL
    if not table.hands[seat]:
        _automatic(table)


def _move_side(table: Table, action: MoveSide) -> None:
    """Seed 002's side move (``turn_end.ending_move``), which ends the turn."""
    _ending_move(table, action)
    _end_turn(table, "side move")


def _ending_move(table: Table, action: Discard | MoveSide) -> None:
    seat = action.player
    table.hands[seat], table.side[seat], event = ending_move(action, table.hands[seat], table.side[seat])
    table.events.append(event)


def _end(table: Table, action: EndTurn) -> None:
    _end_turn(table, "end" if table.moved else "pass")


_HANDLERS: dict[type, Callable[[Table, object], None]] = {
    Play: _play,  # type: ignore[dict-item]
    Substitute: _play,  # type: ignore[dict-item]
    PlaceForced: _place,  # type: ignore[dict-item]
    Load: _load,  # type: ignore[dict-item]
    Discard: _discard,  # type: ignore[dict-item]
    MoveSide: _move_side,  # type: ignore[dict-item]
    EndTurn: _end,  # type: ignore[dict-item]
}


# -- automatic steps ------------------------------------------------------------------------------


def shuffled(table: Table, cards: list[Card]) -> list[Card]:
    """``cards`` shuffled by the next draw of the game's seeded stream (``seed`` and ``shuffles``).

    >>> from spite_rules.malice.deal import setup
    >>> table = Table(setup(payoff=["5♠", "6♠"]))
    >>> from spite_rules.cards import parse_cards
    >>> len(shuffled(table, list(parse_cards("2♣ 3♣ 4♣")))), table.shuffles
    (3, 1)
    """
    shuffle(random.Random(f"{table.seed}:{table.shuffles}"), cards)
    table.shuffles += 1
    return cards


def _automatic(table: Table) -> None:
    """After a card moved: shuffle a completed stack into the stock, check for an emptied pay-off
    pile, make seed 002's forced plays, play compulsory aces, and refill an emptied hand."""
    rules = table.rules
    while not table.game_over:
        if table.used and rules.completed is COMPLETED_SHUFFLE_INTO_STOCK:
            _shuffle_completed(table)
        if _check_payoffs(table):
            return
        if table.removed:
            for seat, card in table.removed:
                table.pending += triggers(table, seat, card, actor=table.to_act)
            table.removed.clear()
        forced = next_forced(table) if table.pending else None
        if forced is not None:
            seat, card, spaces, reason = forced
            if len(spaces) > 1:
                table.phase = PHASE_PLACE
                table.events.append(ForcedPlayWaiting(seat, card, spaces))
                return
            core_move(table, PlaceForced(table.to_act, card, spaces[0]), forced=reason)
            table.pending.pop(0)
            continue
        ace = compulsory_ace(table)
        if ace is not None:
            origin, card, space = ace
            core_move(table, Play(table.to_act, card, space, origin=origin), forced="compulsory aces")
            continue
        seat = table.to_act
        if not table.hands[seat] and table.phase in (PHASE_PLAY, PHASE_FILL):
            # Seed 003: "If during your turn you manage to play all five cards from your hand,
            # without playing to a side stack, you immediately draw five more cards from the stock
            # and continue playing." Massachusetts: "you draw five new cards from the stock and
            # begin a new turn".
            table.phase = PHASE_PLAY
            if not _draw(table, seat, rules.hand_size):
                _stock_ran_out(table)
                return
            continue
        return


def _shuffle_completed(table: Table) -> None:
    """Seed 003: "If you complete a centre stack ... your opponent shuffles the completed stack into
    the stock, creating a space for a new centre stack, and you can continue playing." (Ruling M4:
    at once, the whole stock with it, by the seeded stream.)"""
    added = len(table.used)
    table.stock = tuple(shuffled(table, list(table.stock + table.used)))
    table.used = ()
    table.events.append(StockShuffled(added, len(table.stock), "completed stack"))


def _refill_stock(table: Table) -> bool:
    """The stock is empty and cards are needed: the set-aside stacks (and seed 002's wild-queen
    stacks still standing) are shuffled into a new stock. Seed 002: "when the draw pile is emptied,
    these completed stacks will be reshuffled to create more cards for the draw pile"; seed 004:
    "When the cards in the center stack run out, the cards in the stack of used cards ... are
    shuffled and used as a new main stack. If there is no used card stack then the game at a draw."
    """
    if table.rules.wild_queen_stays:
        for space, stack in enumerate(table.centre):
            if stack and stays_complete(stack, table.rules):
                table.set_aside(space)
    if not table.used:
        return False
    added = len(table.used)
    table.stock = tuple(shuffled(table, list(table.used)))
    table.used = ()
    table.events.append(StockShuffled(added, added, "stock depleted"))
    return True


def _draw(table: Table, seat: int, count: int) -> bool:
    """``seat`` draws ``count`` cards; False when the stock runs out first (ruling M5: the cards
    drawn are kept, and the game ends)."""
    drawn: list[Card] = []
    ran_out = False
    while len(drawn) < count:
        if not table.stock and not _refill_stock(table):
            ran_out = True
            break
        take = count - len(drawn)
        drawn += table.stock[:take]
        table.stock = table.stock[take:]
    if drawn:
        table.hands[seat], event = drawing(seat, table.hands[seat], tuple(drawn))
        table.events.append(event)
    return not ran_out


def _check_payoffs(table: Table) -> bool:
    """An emptied pay-off pile: seed 003, "The game ends when someone wins by playing the last card
    of their pay-off pile to the centre" (partners: "until one pair wins by playing all the cards from
    both of their pay-off piles"); seed 002, "When a player empties their play deck, that's not the
    end of the game ... The opponent has one more turn". True when the game ended."""
    payoff = table.payoff
    if all(payoff):
        return False
    rules = table.rules
    if rules.backstab:
        if table.finisher is None:
            table.finisher = next(seat for seat, pile in enumerate(payoff) if not pile)
            if table.finisher != table.to_act and not table.final_turn:
                table.final_turn = True
                table.events.append(FinalTurn(table.to_act, table.finisher))
        return False
    for team in teams_of(len(payoff), rules.partnerships):
        if all(not payoff[seat] for seat in team):
            winner = table.to_act if table.to_act in team else team[0]
            _end_game(table, winner, "pay-off emptied")
            return True
    return False


def _end_game(table: Table, winner: int | None, how: str) -> None:
    rules = table.rules
    players = len(table.payoff)
    left = tuple(len(pile) for pile in table.payoff)
    points = game_points(rules, winner=winner, payoff_left=left, teams=teams_of(players, rules.partnerships))
    table.result = Result(winner, how, left, points)
    table.game_over = True
    table.winner = winner
    table.phase = PHASE_OVER
    scores = series_scores(rules, table.series + (table.result,), players)
    table.events.append(GameOver(winner, how, left, points, scores))


def _fewest(table: Table) -> int | None:
    """Seed 003, "Resolving Stalemates": "the winner is the player with fewest cards remaining in
    their pay-off pile. Only if the pay-off piles have equal numbers of cards is the result a draw."
    (Partners count both piles.)"""
    teams = teams_of(len(table.payoff), table.rules.partnerships)
    left = [sum(len(table.payoff[seat]) for seat in team) for team in teams]
    fewest = min(left)
    if left.count(fewest) > 1:
        return None
    team = teams[left.index(fewest)]
    return table.to_act if table.to_act in team else team[0]


def _stock_ran_out(table: Table) -> None:
    """Seed 003: "The game can also end if the stock runs out of cards, in which case the result is
    a draw." (Ruling M5: when a card must be drawn and none is left. Seed 002: a seat that emptied
    its play deck wins.)"""
    if table.finisher is not None:
        _end_game(table, table.finisher, "pay-off emptied")
        return
    winner = _fewest(table) if table.rules.stalemate_fewer_wins else None
    _end_game(table, winner, "stock ran out")


def _end_turn(table: Table, how: str) -> None:
    """End the turn of the seat to act: seed 002's last turn, stalemates, and the next turn."""
    rules = table.rules
    seat = table.to_act
    table.passes = table.passes + 1 if how == "pass" else 0
    table.events.append(turn_ended(seat, how))
    if obligations_open(table):
        table.events.append(ObligationLapsed(seat, tuple(space for space, _ in table.owed), table.exchange))
    players = len(table.payoff)
    following = (seat + 1) % players
    if rules.backstab and table.finisher is not None:
        if table.final_turn:
            # Seed 002: "If the opponent is able to empty their play deck AND play all their
            # discarded cards, the opponent steals the win! ... At the end of the opponent's turn,
            # the game is over".
            stabbed = not table.payoff[seat] and not any(table.side[seat])
            if stabbed and seat != table.finisher:
                _end_game(table, seat, "backstab")
            else:
                _end_game(table, table.finisher, "pay-off emptied")
            return
        table.final_turn = True
        table.events.append(FinalTurn(following, table.finisher))
    if table.passes >= players and rules.end_without_discard:
        if not (rules.stalemate_aces_twos and _someone_breaks(table)):
            if rules.stalemate is STALEMATE_ENDS:
                # Book: "If neither player is prepared to break the stalemate the game ends at this
                # point."
                _end_game(table, _fewest(table) if rules.stalemate_fewer_wins else None, "stalemate")
                return
            _redeal(table, following)
    begin_turn(table, following)


def _someone_breaks(table: Table) -> bool:
    state = table.freeze()
    return any(playable_hand_aces_and_twos(state, seat) for seat in range(len(table.payoff)))


def _redeal(table: Table, first: int) -> None:
    """Book: "all of the cards in the players' hands and on the table, except the remaining pay-off
    piles, are shuffled together, two new five-card hands are dealt, and play continues." (Ruling
    M16: dealt from the seat to play next; that seat plays next.)"""
    players = len(table.payoff)
    cards = list(table.stock + table.used)
    for hand in table.hands:
        cards += hand
    for stacks in table.side:
        for stack in stacks:
            cards += stack
    for stack in table.centre:
        cards += stack
    added = len(cards)
    deck = shuffled(table, cards)
    size = table.rules.hand_size
    hands: list[tuple[Card, ...]] = [()] * players
    for offset in range(players):
        seat = (first + offset) % players
        hands[seat] = sort_hand(tuple(deck[offset * size:(offset + 1) * size]))
    table.hands = hands
    table.stock = tuple(deck[players * size:])
    table.used = ()
    table.side = [tuple(() for _ in stacks) for stacks in table.side]
    limit = centre_limit(table.rules, players)
    table.centre = [()] * (limit or 0)
    table.passes = 0
    table.events.append(StockShuffled(added, len(table.stock), "stalemate"))
    table.events.append(HandsRedealt(size))


def begin_turn(table: Table, seat: int) -> None:
    """Seat ``seat``'s turn begins. Seed 003: "If you have fewer than five cards in your hand you
    begin your turn by drawing cards from the stock to bring your hand up to five cards." Seed 002:
    "if you have 5 cards in hand, and you choose to not discard, then you will draw no new cards
    next turn."

    >>> from spite_rules.malice.deal import setup
    >>> table = Table(setup(payoff=["5♠", "6♠"], hands=["", "7♣"], stock="2♣ 3♣ 4♣ 5♣ 6♣"))
    >>> begin_turn(table, 1)
    >>> table.hands[1], [type(event).__name__ for event in table.events]
    ((Card('2♣'), Card('3♣'), Card('4♣'), Card('5♣'), Card('7♣')), ['TurnBegan', 'Drew'])
    """
    table.to_act = seat
    table.phase = PHASE_PLAY
    table.moved = False
    table.owed = []
    table.exchange = 0
    table.pending = []
    table.events.append(turn_began(seat))
    need = table.rules.hand_size - len(table.hands[seat])
    if need > 0 and not _draw(table, seat, need):
        _stock_ran_out(table)
        return
    _automatic(table)
