"""The fast twin of the "must be sure" search of ``sure.py``: the same depth-first search over the
same helpful moves (ruling M23), on the position written in values instead of cards and states.

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

The search's answer depends on the values of the cards the seat can see, never on their suits: a
card is its value (:data:`~spite_rules.malice.order.WILD`, 0, for a wild card), a pile a tuple of
values (a side stack one int, ``sure_values.Packed``), and a position the plain tuple ``(centre,
hand, side, payoff, owed, exchange)`` (``hand`` sorted, ``payoff`` cut to each pile's top, as the
search sees it). A move is one int (:func:`move_code`) of bit fields: :data:`PLAY` or
:data:`SUBSTITUTE`; :data:`PAYOFF`, :data:`SIDE` or :data:`HAND`; the seat whose pile it comes
from; the side stack (-1 for none); the card's value; the centre space. No ``Table``, ``State`` or
action is built per node. ``tests/malice/properties`` holds every answer equal to the reference
search on cards (``tests/malice/oracles.py``).

>>> from spite_rules.malice.deal import setup
>>> from spite_rules.malice.actions import Play
>>> from spite_rules.malice.rules import Rules
>>> jacks = Rules.preset("jacks")
>>> search = Search(setup(payoff=["9♦", "Q♣"], hands=["K♠ 2♥", ""], rules=jacks))
>>> search.finishes_after(Play(0, "K♠", 0))
True
>>> Search(setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], rules=jacks)).finishes_after(Play(0, "K♠", 0))
False
"""

from __future__ import annotations

from typing import Final

from spite_rules.malice.actions import Origin, Play, Substitute
from spite_rules.malice.order import WILD
from spite_rules.malice.piles import values_needs_row
from spite_rules.malice.state import State
from spite_rules.malice.sure_values import (
    BELOW_AT,
    CARD_PART,
    HAND,
    KIND_AT,
    ORIGIN_AT,
    OWNER_AT,
    PAYOFF,
    PLAY,
    SIDE,
    SIDE_AT,
    SUBSTITUTE,
    VALUE_AT,
    Move,
    Packed,
    Position,
    Source,
    Values,
    centre_values,
    move_code,
    seat_table,
    side_values,
)

__all__ = ["Search", "Position", "Move", "PLAY", "SUBSTITUTE", "PAYOFF", "SIDE", "HAND", "move_code"]

#: What :meth:`Search.later` needs from :meth:`Search.helpful_parts`: the owed tops' spaces and the values
#: covering them (masks), the sources (:data:`Source`), the centre's needs (``piles.values_needs_row``).
_Rest = tuple[int, int, list[Source], tuple[tuple[int, ...], ...]]


class Search:
    """The search from one state: its position in values (each pay-off pile cut to its top, as the
    seat to act can count on it) and the values visible in it. Unlike ``sure.py``'s ``seen``, it
    keeps no table of the positions found (the searches are shallow and mostly
    decided by the shortcuts, so one position in ten found again did not pay for hashing every
    position's nested tuples into the table; an answer found again is the same answer). The side
    stacks in values, and with them the values visible, are found when first needed (a speed
    device: a third of the searches built answer every question asked of them by the shortcuts of
    :meth:`finishes_after_move`, which read only the centre, the hand, the pay-off tops and the
    tops of the seat's side's side stacks).

    >>> from spite_rules.malice.deal import setup
    >>> Search(setup(payoff=["9♦", "Q♣"], hands=["2♥", ""])).root[1]
    (2,)
    """

    __slots__ = (
        "seat", "players", "final_turn", "top", "substitution", "payoff_owners", "side_owners", "opponents", "values",
        "table", "state", "centre", "hand", "payoff", "position", "seen", "root_tops", "far_depth",
        "far", "covers", "finishable",
    )

    def __init__(self, state: State) -> None:
        table = seat_table(state)
        values = table.values
        seat = table.seat
        self.seat = seat
        self.players = table.players
        self.final_turn = state.final_turn
        self.top = table.top
        self.substitution = table.substitution
        self.payoff_owners = table.payoff_owners
        self.side_owners = table.side_owners
        self.opponents = table.opponents
        self.values = values
        self.table = table
        self.state = state
        self.centre = centre_values(state.centre, values)
        hand = [values[card.order] for card in state.hands[seat]]
        hand.sort()
        self.hand = tuple(hand)
        self.payoff = tuple([(values[pile[-1].order],) if pile else () for pile in state.payoff])
        #: The root position (:attr:`root`), once built.
        self.position: Position | None = None
        #: :attr:`visible`, once found.
        self.seen = -1
        #: The side-stack sources of the root's side stacks (:meth:`side_sources`), once asked.
        self.root_tops: list[Source] | None = None
        #: :meth:`discards_too_far`'s answer (``far``) for the depth ``far_depth`` (-1: not asked yet).
        self.far_depth = -1
        self.far = False
        #: The values of the cards that could cover a wild at once (:meth:`covered_at_once`),
        #: as a mask (-1: not asked yet).
        self.covers = -1
        #: ``sure.can_finish``'s answer, once asked.
        self.finishable: bool | None = None

    @property
    def root(self) -> Position:
        """The position of the state in values."""
        position = self.position
        return position if position is not None else self._build()

    @property
    def visible(self) -> int:
        """The values visible, as a mask (bit ``v`` set for value ``v``)."""
        if self.seen < 0:
            self._build()
        return self.seen

    def _build(self) -> Position:
        """:attr:`root` and :attr:`visible`, found."""
        state = self.state
        side, seen = side_values(state.side, self.values)
        position = self.position = (self.centre, self.hand, side, self.payoff, state.owed, state.exchange)
        for worth in self.hand:
            seen |= 1 << worth
        for pile in self.payoff:
            if pile:
                seen |= 1 << pile[0]
        self.seen = seen
        return position

    # -- the questions -----------------------------------------------------------------------------

    def owes(self, position: Position) -> bool:
        """Does the turn still owe a cover or an exchange (``sure.obligations_open``)?"""
        return bool(position[4]) or (position[5] > 0 and not self.final_turn)

    def finishes(self, depth: int) -> bool:
        """Can the root position meet its obligations within ``depth`` helpful moves?"""
        return self.search(self.root, depth, self.root_tops, -1)

    def finishes_after(self, action: Play | Substitute, depth: int = 3) -> bool:
        """After ``action`` (a play or substitution of the seat to act, allowed by every other
        rule), can the turn meet its obligations within ``depth`` helpful moves?"""
        return self.finishes_after_move(self.move_of(action), depth)

    def finishes_after_move(self, move: Move, depth: int = 3) -> bool:
        """:meth:`finishes_after` of the action written as ``move`` (:meth:`move_of`)."""
        if (
            move >> ORIGIN_AT & 3 == SIDE and move >> KIND_AT & 1 == PLAY and move >> OWNER_AT & 255 in self.opponents
            and self.discards_too_far(depth)
        ):
            return False
        if move >> VALUE_AT & 31 == WILD and depth > 0:
            size = self.lone_cover(move)
            if size:
                if self.covered_at_once(move, size):
                    return True
                if not (self.visible >> size) & 3:
                    return False  # ``hopeless`` after the move: no card seen could cover it
        after = self.table.after(self.root, move)
        return not self.owes(after) or self.search(after, depth, self.root_tops, move)

    def move_of(self, action: Play | Substitute) -> Move:
        """``action`` as a move in values."""
        owner = action.owner if action.owner is not None else self.seat
        side = action.side if action.side is not None else -1
        kind = SUBSTITUTE if type(action) is Substitute else PLAY
        origin = action.origin
        code = HAND if origin is Origin.HAND else PAYOFF if origin is Origin.PAYOFF else SIDE
        return move_code(kind, code, owner, side, self.values[action.card.order], action.centre)

    # -- the search (sure._search) -------------------------------------------------------------

    def search(self, position: Position, depth: int, tops: list[Source] | None, moved: Move) -> bool:
        """``sure._search`` in values, without its table of positions found (the same answers: a
        position searched again to the same depth finds the same). The moves onto or in place of an
        owed wild are tried before the others are listed (the answer does not depend on the order).
        ``tops``: the side sources of the position before ``moved`` (-1: this one; None: the root's, not found yet)."""
        if not self.owes(position):
            return True
        if depth == 0 or self.hopeless(position) or self.too_far(position, depth):
            return False
        if position[4] and self.out_of_reach(position, depth):
            return False
        if self.finishes_at_once(position):
            return True
        if not position[4] and self.stuck(position):
            return False
        if tops is None:
            tops = self.root_tops = self.side_sources(self.root[2])
        if moved >> ORIGIN_AT & 3 == SIDE:
            tops = self.side_sources_after(tops, position[2], moved)
        first, rest = self.helpful_parts(position, tops)
        for move in first:
            if self.search(self.table.after(position, move), depth - 1, tops, move):
                return True
        # With one move left and a wild still owed, the other helpful moves cannot finish: each puts
        # a card on a stack no owed wild tops (an owed wild on any other stack made the position
        # hopeless), so every owed wild stays owed.
        if depth > 1 or not position[4]:
            for move in self.later(position, rest):
                if self.search(self.table.after(position, move), depth - 1, tops, move):
                    return True
        return False

    def too_far(self, position: Position, depth: int) -> bool:
        """Is an exchange owed that no ``depth`` moves can repay? A pruning of :meth:`search`, exact:
        it answers True only where no sequence of ``depth`` moves, helpful or not, finishes.

        Only a card of an opponent's pay-off pile repays (``after``: one a move), and the search sees
        only each pile's top, so each opponent repays at most once. A real top of value ``w`` needs
        a stack showing ``w - 1`` (none for an ace); a move adds one card to one stack (or completes
        it, leaving its space empty), so a stack of size ``k <= w - 1`` needs ``w - 1 - k`` moves
        first, and any other way (a new stack, or a stack completed and begun again) at least
        ``w - 1``. A wild top needs at least its own move. So an opponent's top costs at least
        ``1 + min(w - 1 - k, w - 1)`` moves; an exchange of one needs the cheapest within ``depth``
        (more than one: ``hopeless`` counts the tops). One other way changes the top: a substitution
        of it for a wild standing for ``w`` puts the wild on the pile (two moves with the wild's
        play; a wild must first be brought to stand for ``w`` where none does, which costs more than
        playing ``w`` there)."""
        exchange = position[5]
        if exchange != 1 or self.final_turn:
            return False
        centre = position[0]
        payoff = position[3]
        for other in self.payoff_owners:
            pile = payoff[other]
            if not pile or other not in self.opponents:
                continue
            worth = pile[-1]
            if worth == WILD:
                return False
            fewest = worth - 1
            for stack in centre:
                size = stack & 31
                if size <= worth - 1 and worth - 1 - size < fewest:
                    fewest = worth - 1 - size
                elif self.substitution and size == worth and stack >> (4 + size) & 1 and depth >= 2:
                    return False
            if 1 + fewest <= depth:
                return False
        return True

    def out_of_reach(self, position: Position, depth: int) -> bool:
        """Is a cover owed that no ``depth`` moves can meet? A pruning of :meth:`search`, exact: it
        answers True only where no sequence of ``depth`` moves, helpful or not, passes
        :meth:`hopeless` at every position and finishes. :meth:`hopeless` with the cards the seat
        can reach within ``depth`` moves where it counts every card it can see.

        An owed wild on a stack of ``size`` cards that no ``depth`` moves can complete (``size +
        depth < top``: a move adds at most one card to a stack) leaves the owed covers only when a
        real card lands on it or in its place: of value ``size`` or ``size + 1`` while the wild is
        on top (``size - 1`` its place), of value ``size`` while a second wild covers it (a card on
        top of that leaves both wilds in place). Such a card comes from the hand, a pay-off top or
        a side stack (a substitution gives back only wild cards), and a side stack's card ``k``
        below its top comes out only after ``k`` moves off that stack and its own, so within
        ``depth`` moves only the top ``depth`` cards of each side stack can.

        >>> from spite_rules.malice.deal import setup
        >>> from spite_rules.malice.actions import Play
        >>> from spite_rules.malice.rules import Rules
        >>> state = setup(payoff=["9♦", "Q♣"], hands=["K♠ 5♥", ""], side=[["2♣ 9♠ 9♥ 9♣"], []],
        ...               rules=Rules.preset("jacks"))
        >>> search = Search(state)
        >>> after = search.table.after(search.root, search.move_of(Play(0, "K♠", 0)))
        >>> search.hopeless(after), search.out_of_reach(after, 3), search.out_of_reach(after, 4)
        (False, True, False)
        """
        centre, hand, side, payoff, owed, _ = position
        top = self.top
        near = -1  # the values of the hand and the pay-off tops, as a mask, once needed
        far = -1  # the values of the side stacks' top ``depth`` cards, once needed
        for space, place in owed:
            size = centre[space] & 31
            if size + depth >= top:
                continue
            wanted = (3 if size == place + 1 else 1) << size
            if near < 0:
                near = 0
                for worth in hand:
                    near |= 1 << worth
                for pile in payoff:
                    if pile:
                        near |= 1 << pile[-1]
            if near & wanted:
                continue
            if far < 0:
                far = 0
                for stacks in side:
                    for stack in stacks:
                        at = 0
                        while stack and at < depth:
                            far |= 1 << ((stack & 15) - 1)
                            stack >>= 4
                            at += 1
            if not far & wanted:
                return True
        return False

    def discards_too_far(self, depth: int) -> bool:
        """Would any opponent's discard played from the root owe an exchange that no ``depth`` moves
        can repay, whatever the card and wherever it goes? A shortcut of :meth:`finishes_after_move`
        (no position after the move built for each such play), exact: it answers True only where
        :meth:`too_far` answers True after every such play, so the search finds no finish.

        With nothing to repay yet, such a play owes an exchange of one (``after``), and it changes
        the centre at one stack only: that stack grows by one card, or a new stack of one card
        begins, or it is completed and leaves its space empty. So each opponent's real pay-off top
        ``w`` is out of reach after any such play if it is after a play that leaves a stack of
        size ``k`` for every ``k`` among the sizes of the stacks now and those sizes plus one, 0 and
        1 (:meth:`too_far`: ``w - 1 - k >= depth`` where ``k <= w - 1``), and no stack could show
        a wild of value ``w`` to substitute (one of size ``w - 1`` or ``w`` now). Kept for the
        last depth asked.

        >>> from spite_rules.malice.deal import setup
        >>> from spite_rules.malice.rules import Rules
        >>> jacks = Rules.preset("jacks")
        >>> Search(setup(payoff=["9♦", "Q♣"], hands=["5♥", ""], rules=jacks)).discards_too_far(3)
        True
        >>> Search(setup(payoff=["9♦", "4♣"], hands=["5♥", ""], rules=jacks)).discards_too_far(3)
        False
        """
        if depth == self.far_depth:
            return self.far
        far = not self.final_turn and self.state.exchange == 0
        if far:
            centre = self.centre
            payoff = self.payoff
            for other in self.payoff_owners:
                pile = payoff[other]
                if not pile or other not in self.opponents:
                    continue
                worth = pile[-1]
                if worth == WILD or worth - 2 < depth:  # a new stack of one card (w - 2 moves), or none
                    far = False
                    break
                for stack in centre:
                    size = stack & 31
                    if (size <= worth - 1 and worth - 1 - size < depth) or (
                        size + 1 <= worth - 1 and worth - 2 - size < depth
                    ) or (self.substitution and worth - 1 <= size <= worth):
                        far = False
                        break
                if not far:
                    break
        self.far_depth = depth
        self.far = far
        return far

    def lone_cover(self, move: Move) -> int:
        """The size of the stack ``move`` leaves with the one cover the turn owes: a wild card played
        from a position that owes nothing, as an ace (onto an empty or a staying stack) or onto a
        wild card, under the rule that makes it owe a cover, on a stack short of the top value; 0
        for any other move (and for an opponent's discard, which owes an exchange too). After it,
        :meth:`hopeless` answers whether a card of value ``size`` or ``size + 1`` is seen.

        >>> from spite_rules.malice.deal import setup
        >>> from spite_rules.malice.actions import Play
        >>> from spite_rules.malice.rules import Rules
        >>> search = Search(setup(payoff=["9♦", "Q♣"], hands=["K♠ 2♥", ""], centre=["A♣ K♦"], rules=Rules.preset("jacks")))
        >>> search.lone_cover(search.move_of(Play(0, "K♠", 1))), search.lone_cover(search.move_of(Play(0, "K♠", 0)))
        (1, 3)
        """
        state = self.state
        if state.owed or (state.exchange > 0 and not self.final_turn) or move >> KIND_AT & 1 != PLAY:
            return 0
        if move >> ORIGIN_AT & 3 == SIDE and move >> OWNER_AT & 255 in self.opponents:
            return 0
        space = move & 1023
        centre = self.centre
        table = self.table
        stack = centre[space] if space < len(centre) else 0
        if not stack or table.stays(stack):
            size = 1 if table.wild_ace_covered else 0
        else:
            size = (stack & 31) + 1 if table.wild_on_wild_covered and stack >> (4 + (stack & 31)) & 1 else 0
        return size if size < self.top else 0

    def covered_at_once(self, move: Move, size: int) -> bool:
        """After ``move`` (of :meth:`lone_cover` ``size``), is a real card in sight that covers the
        wild at once? A shortcut of :meth:`finishes_after_move` (with a move left; no position after
        the move built), exact: :meth:`search` answers True at once (:meth:`finishes_at_once`: a real
        card of value ``size + 1``, or of ``size`` with substitution, in the hand, on a pay-off top
        or on a top of the seat's side's side stacks; the move takes no such card, and uncovers the
        card below it on a side stack; every value it finds is one :meth:`hopeless` and
        :meth:`out_of_reach` count, so neither prunes first).

        >>> from spite_rules.malice.deal import setup
        >>> from spite_rules.malice.actions import Play
        >>> from spite_rules.malice.rules import Rules
        >>> search = Search(setup(payoff=["9♦", "Q♣"], hands=["K♠ 2♥", ""], rules=Rules.preset("jacks")))
        >>> search.covered_at_once(search.move_of(Play(0, "K♠", 0)), 1)
        True
        """
        state = self.state
        covers = self.covers
        values = self.values
        if covers < 0:
            covers = 0
            for worth in self.hand:
                covers |= 1 << worth
            for other in self.payoff_owners:
                pile = self.payoff[other]
                if pile:
                    covers |= 1 << pile[-1]
            for other in self.side_owners:
                if other not in self.opponents:
                    for stack in state.side[other]:
                        if stack:
                            covers |= 1 << values[stack[-1].order]
            self.covers = covers
        if move >> ORIGIN_AT & 3 == SIDE:
            stack = state.side[move >> OWNER_AT & 255][(move >> SIDE_AT & 255) - 1]
            if len(stack) > 1:
                covers |= 1 << values[stack[-2].order]
        return (covers >> (size + 1)) & 1 == 1 or (self.substitution and (covers >> size) & 1 == 1)

    def finishes_at_once(self, position: Position) -> bool:
        """Does one helpful move plainly meet all that ``position`` owes? A shortcut of
        :meth:`search` (with a move left), exact: it answers True only where the search finds a move
        that finishes, and the search's answer is whether any sequence of helpful moves finishes,
        whichever it tries first. Two cases:

        - one owed wild, on top of its stack, and no exchange owed: a real card of the next value
          from the hand, a pay-off top the seat may play or a side-stack top of its own side goes on
          it (a move onto an owed top, the first kind tried; it fits, as the stack is short of the
          top value; a real card owes nothing, a pay-off card can only lower the exchange, and a real
          card on the wild meets it), or, with substitution, a real card of the wild's own value
          from there takes its place (tried first too; a real card then stands there);
        - nothing owed but an exchange of one: a real card of an opponent's pay-off top that fits
          somewhere repays it (a repaying move, always helpful; a real card owes nothing).
        """
        centre, hand, side, payoff, owed, exchange = position
        if owed:
            if len(owed) != 1 or (exchange > 0 and not self.final_turn):
                return False
            space, place = owed[0]
            size = centre[space] & 31
            if size != place + 1 or size >= self.top:
                return False
            cover = size + 1
            if cover in hand or (self.substitution and size in hand):
                return True
            for other in self.payoff_owners:
                pile = payoff[other]
                if pile and (pile[-1] == cover or (self.substitution and pile[-1] == size)):
                    return True
            for other in self.side_owners:
                if other not in self.opponents:
                    for packed in side[other]:
                        worth = (packed & 15) - 1  # -1 for an empty stack
                        if worth == cover or (self.substitution and worth == size):
                            return True
            return False
        if exchange != 1 or self.final_turn:
            return False
        needs: tuple[tuple[int, ...], ...] | None = None
        for other in self.payoff_owners:
            pile = payoff[other]
            if pile and pile[-1] != WILD and other in self.opponents:
                if needs is None:
                    needs = values_needs_row(self.table.table, centre, self.players)
                if needs[pile[-1]]:
                    return True
        return False

    def stuck(self, position: Position) -> bool:
        """Does ``position`` (owing an exchange, no cover; :meth:`finishes_at_once` found no top to
        repay it) offer no helpful move? A shortcut of :meth:`search`, exact: with an exchange of one
        and every opponent's top real (none fits), :meth:`later` lists only a card that brings a
        stack to one below a top ``w`` (a stack of ``w - 2`` now) and a side-stack top uncovering a
        top's value; True where no stack and no side stack's second card shows one."""
        centre, _, side, payoff, _, exchange = position
        if exchange != 1:  # an exchange of two may be repaid at once
            return False
        for other in self.payoff_owners:
            if other != self.seat and other not in self.opponents and payoff[other]:
                return False  # :meth:`later` lists a partner's top too
        wanted = 0
        for other in self.opponents:
            pile = payoff[other]
            if pile:
                if pile[-1] == WILD:
                    return False
                wanted |= 1 << pile[-1]
        for stack in centre:
            if (wanted >> ((stack & 31) + 2)) & 1:
                return False
        for owner in self.side_owners:
            for packed in side[owner]:
                if packed >> 4 and (wanted >> ((packed >> 4 & 15) - 1)) & 1:
                    return False
        return True

    def hopeless(self, position: Position) -> bool:
        """``sure._hopeless`` in values, of a position the search reached (:attr:`root` built)."""
        centre, _, _, payoff, owed, exchange = position
        seat = self.seat
        if exchange > 0 and not self.final_turn:
            visible = 0
            for other in range(self.players):
                if other != seat:
                    visible += len(payoff[other])
            if exchange > visible:
                return True
        seen = self.seen
        for space, place in owed:
            size = centre[space] & 31
            if size == place + 1:
                if not (seen >> size) & 3:
                    return True
            elif size == place + 2:
                if not (seen >> size) & 1:
                    return True
            else:
                return True
        return False

    def helpful_parts(self, position: Position, tops: list[Source]) -> tuple[list[Move], _Rest]:
        """The helpful moves onto or in place of an owed wild, and what :meth:`later` needs to list
        the others (``tops``: :meth:`side_sources` of the position's side stacks)."""
        centre, hand, _, payoff, owed, exchange = position
        owed_tops = 0  # the spaces of the owed tops, and the values that cover them, as masks
        wanted = 0
        for space, place in owed:
            size = centre[space] & 31
            if size == place + 1 or size == place + 2:
                owed_tops |= 1 << space
                wanted |= 3 << size
        every = self.sources(payoff, tops, hand)
        needs = values_needs_row(self.table.table, centre, self.players)
        first: list[Move] = []
        wilds: list[Move] = []
        if owed_tops:
            for source in every:
                worth = source >> VALUE_AT & 31
                for space in needs[worth]:
                    if (owed_tops >> space) & 1:
                        (wilds if worth == WILD else first).append((source & CARD_PART) + space)
            if self.substitution:
                space = 0
                while owed_tops >> space:
                    if (owed_tops >> space) & 1:
                        size = centre[space] & 31
                        for source in every:
                            if source >> VALUE_AT & 31 == size:
                                first.append((SUBSTITUTE << KIND_AT) + (source & CARD_PART) + space)
                    space += 1
        # A real card first: a wild on an owed wild is owed in its turn (the order changes no answer).
        first += wilds
        return first, (owed_tops, wanted, every, needs)

    def sources(self, payoff: tuple[Values, ...], tops: list[Source], hand: Values) -> list[Source]:
        """``sources.sources`` in values: every card the seat may play (:data:`Source`), pay-off tops,
        side-stack tops (``tops``, :meth:`side_sources`), then each value in the hand."""
        found: list[Source] = []
        for owner in self.payoff_owners:
            pile = payoff[owner]
            if pile:
                found.append((PAYOFF << ORIGIN_AT) + (owner << OWNER_AT) + (pile[-1] << VALUE_AT))
        found += tops
        previous = -1
        mine = (HAND << ORIGIN_AT) + (self.seat << OWNER_AT)
        for worth in hand:
            if worth != previous:
                found.append(mine + (worth << VALUE_AT))
                previous = worth
        return found

    def side_sources(self, side: tuple[tuple[Packed, ...], ...]) -> list[Source]:
        """The side-stack tops the seat may play (:data:`Source`): the root's (then :meth:`side_sources_after`)."""
        tops: list[Source] = []
        for owner in self.side_owners:
            index = 0
            for stack in side[owner]:
                if stack:
                    tops.append(_side_source(owner, index, stack))
                index += 1
        return tops

    def side_sources_after(self, tops: list[Source], side: tuple[tuple[Packed, ...], ...], move: Move) -> list[Source]:
        """:meth:`side_sources` of ``side``, after ``move`` from a side stack, from ``tops``, those before
        it: only that stack's entry found again (or gone, where the move emptied the stack)."""
        owner = move >> OWNER_AT & 255
        index = (move >> SIDE_AT & 255) - 1
        pile = move >> SIDE_AT & _PILE
        at = 0
        for source in tops:
            if source >> SIDE_AT & _PILE == pile:
                break
            at += 1
        found = tops[:]
        stack = side[owner][index]
        if stack:
            found[at] = _side_source(owner, index, stack)
        else:
            del found[at]
        return found

    def later(self, position: Position, rest: _Rest) -> list[Move]:
        """The other helpful moves: a card of the opponent's play deck (repaying an exchange), a
        side-stack top uncovering a card of a value that would help, a card that brings a stack to
        just below a card of the opponent's play deck."""
        centre, _, _, payoff, _, exchange = position
        owed_tops, wanted, every, needs = rest
        seat = self.seat
        # the values wanted and the stack sizes to build to, as masks (bit ``v`` for ``v``: a speed
        # device, no sets made a node)
        repay = exchange > 0 and not self.final_turn
        builds = 0
        if repay:
            for other in self.opponents:
                pile = payoff[other]
                if pile:
                    worth = pile[-1]
                    if worth != WILD:
                        wanted |= 1 << worth
                        if worth != 1:
                            builds |= 1 << (worth - 1)
        later: list[Move] = []
        for source in every:
            spaces = needs[source >> VALUE_AT & 31]
            if not spaces:
                continue
            repays = repay and source >> ORIGIN_AT & 3 == PAYOFF and source >> OWNER_AT & 255 != seat
            below = source >> BELOW_AT
            uncovers = below > 0 and (wanted >> (below - 1)) & 1 == 1
            card = source & CARD_PART
            for space in spaces:
                if (owed_tops >> space) & 1:
                    continue
                if repays or uncovers:
                    later.append(card + space)
                elif builds and space < len(centre) and (builds >> ((centre[space] & 31) + 1)) & 1:
                    later.append(card + space)
        return later


_PILE: Final = (1 << (ORIGIN_AT - SIDE_AT)) - 1  # a source's side stack and owner, from bit SIDE_AT


def _side_source(owner: int, index: int, stack: Packed) -> Source:
    """The :data:`Source` of the top of ``owner``'s side stack ``index`` (not empty), ``stack`` packed."""
    below = stack >> 4 & 15  # the value below plus one, 0 for none
    return (below << BELOW_AT) + (SIDE << ORIGIN_AT) + (owner << OWNER_AT) + ((index + 1) << SIDE_AT) + (((stack & 15) - 1) << VALUE_AT)
