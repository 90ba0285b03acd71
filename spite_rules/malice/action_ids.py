"""Spite and Malice's moves as fixed-meaning action ids: one table per rules and number of seats, in
which every legal move has exactly one id and every id one move, whatever the state.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

Learning algorithms and OpenSpiel need an action id to mean the same move in every state (not "the
i-th legal move"). A move is named by what it does, never by the state it is made in: where a card
comes from (a hand card by its face, the joker after the 52 faces; a pay-off or side-stack top, its
pile's owner counted *relative to the seat acting*: the top card is the state's, so the id need not
name it) and where it goes (a centre space, a side stack, another seat's pay-off pile); seed 004's
groups by their faces, seed 002's side moves and forced placements, and ending the turn. The ids
run in blocks (:attr:`ActionTable.blocks`), a block only where its rules are in force; the table of
blocks: docs/openspiel.md, "Spite and Malice: a fixed table". The centre has :func:`centre_bound`
spaces at most. ``tests/malice/properties/test_malice_action_ids.py`` checks that every legal move
of random games has exactly one id and that each id decodes back to its move.

>>> import spite_rules.malice as sm
>>> table = action_table(sm.Rules(), 2)
>>> table.size, table.blocks["play"]
(405, (0, 189))
>>> state = sm.new_game(2, seed=1)
>>> move = sm.legal_moves(state)[0]
>>> table.describe(table.id_of(move)) == table.describe(table.id_of(move))
True
>>> table.move_of(state, table.id_of(move)) is move
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Union

from spite_rules.cards import Card, Rank, standard_deck
from spite_rules.errors import IllegalAction, shown
from spite_rules.malice.actions import Action, Discard, EndTurn, Load, MoveSide, Origin, PlaceForced, Play, Substitute
from spite_rules.malice.deal import packs_for
from spite_rules.malice.order import WILD, value
from spite_rules.malice.piles import centre_limit
from spite_rules.malice.rules import Rules
from spite_rules.malice.state import State

__all__ = ["ActionTable", "action_table", "centre_bound", "FACES", "face_index"]

#: Every card face a hand card can show, in id order: each standard face (``standard_deck(1)``'s
#: order), then the joker.
FACES: tuple[Card, ...] = standard_deck(1, jokers=1)
_FACE_INDEX: dict[Card, int] = {card: index for index, card in enumerate(FACES)}

#: A source in an id: ("hand", face), ("payoff", relative owner) or ("side", relative owner, stack).
Source = Union[tuple[str, int], tuple[str, int, int]]
#: The key an id stands for (its kind first).
Key = tuple[object, ...]


def face_index(card: Card) -> int:
    """The index of ``card``'s face in :data:`FACES` (its suit and rank; every joker is one face).

    >>> face_index(FACES[0]), face_index(Card(Rank.JOKER))
    (0, 52)
    """
    found = _FACE_INDEX.get(card)
    if found is None:
        raise IllegalAction(f"card {card} is not a face of Spite and Malice's packs")
    return found


def centre_bound(rules: Rules, players: int) -> int:
    """How many centre spaces a game of ``players`` seats under ``rules`` can have: the rules' limit,
    or where there is none the cards that can start a stack (an ace or a wild card each: a space is
    added only when every space holds a stack, and every stack starts with one of them).

    >>> centre_bound(Rules(), 2), centre_bound(Rules.preset("book"), 2)
    (3, 12)
    """
    limit = centre_limit(rules, players)
    starters = sum(1 for card in standard_deck(packs_for(rules, players), jokers=rules.jokers)
                   if value(card, rules) in (1, WILD))
    return starters if limit is None else min(limit, starters)


class ActionTable:
    """The fixed action ids of one rules and number of seats (see the module's docstring): ``size``
    ids, each a key (``keys[id]``) naming one move; ``blocks`` maps each kind to its ids
    ``(start, stop)``.

    >>> table = action_table(Rules.preset("jacks"), 2)
    >>> table.size, table.describe(table.size - 1)
    (733, 'end turn')
    """

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.players = players
        self.centre = centre_bound(rules, players)
        sides = rules.side_stacks
        sources: list[Source] = [("hand", face) for face in range(len(FACES))]
        for owner in range(players):
            sources.append(("payoff", owner))
            sources += [("side", owner, stack) for stack in range(sides)]
        keys: list[Key] = []
        blocks: dict[str, tuple[int, int]] = {}

        def block(kind: str, found: Sequence[Key]) -> None:
            blocks[kind] = (len(keys), len(keys) + len(found))
            keys.extend(found)

        block("play", [("play", source, space) for source in sources for space in range(self.centre)])
        if rules.substitution:
            block("swap", [("swap", source, space) for source in sources for space in range(self.centre)])
        if rules.loading:
            loaded: list[Source] = [("payoff", 0), *[("hand", face) for face in range(len(FACES))]]
            block("load", [("load", source, target) for target in range(1, players) for source in loaded])
        block("place", [("place", space) for space in range(self.centre)])
        block("discard", [("discard", (face,), side) for face in range(len(FACES)) for side in range(sides)])
        if rules.discard_groups:
            copies = packs_for(rules, players)
            groups = _groups(rules.hand_size, copies, rules.jokers)
            block("group", [("discard", cards, side) for cards in groups for side in range(sides)])
        if rules.side_moves:
            block("move", [("move", source, side) for source in range(sides) for side in range(sides) if source != side])
        block("end", [("end",)])
        self.keys: tuple[Key, ...] = tuple(keys)
        self.blocks = blocks
        self.size = len(keys)
        self._ids: dict[Key, int] = {key: index for index, key in enumerate(keys)}
        #: ids already worked out, by the move
        self._known: dict[Action, int] = {}

    def key_of(self, move: Action) -> Key:
        """The key of ``move`` (what its id stands for): relative seats, hand cards by face.

        >>> from spite_rules.malice.actions import Play
        >>> action_table(Rules(), 2).key_of(Play(1, "7♠", centre=2, origin="side", side=3))
        ('play', ('side', 0, 3), 2)
        """
        seat = move.player
        if isinstance(move, (Play, Substitute)):
            kind = "play" if isinstance(move, Play) else "swap"
            return (kind, self._source(seat, move.origin, move.owner, move.side, move.card), move.centre)
        if isinstance(move, Discard):
            return ("discard", tuple(sorted(face_index(card) for card in move.cards)), move.side)
        if isinstance(move, EndTurn):
            return ("end",)
        if isinstance(move, MoveSide):
            return ("move", move.source, move.side)
        if isinstance(move, Load):
            return ("load", self._source(seat, move.origin, None, None, move.card), self._relative(seat, move.target))
        if isinstance(move, PlaceForced):
            return ("place", move.centre)
        raise IllegalAction(f"{shown(move)} is not a Spite and Malice action")

    def _relative(self, seat: int, owner: int | None) -> int:
        return 0 if owner is None else (owner - seat) % self.players

    def _source(self, seat: int, origin: Origin, owner: int | None, side: int | None, card: Card) -> Source:
        if origin is Origin.HAND:
            return ("hand", face_index(card))
        if origin is Origin.PAYOFF:
            return ("payoff", self._relative(seat, owner))
        return ("side", self._relative(seat, owner), -1 if side is None else side)

    def id_of(self, move: Action) -> int:
        """The id of ``move``; IllegalAction if the table has none (a move no rule in force allows).

        >>> action_table(Rules(), 2).id_of(EndTurn(0))
        404
        """
        known = self._known.get(move)
        if known is not None:
            return known
        key = self.key_of(move)
        found = self._ids.get(key)
        if found is None:
            raise IllegalAction(f"move {move} has no action id under rules {self.rules.version} at "
                                f"{self.players} seats (key {key!r})")
        if len(self._known) > 200_000:
            self._known.clear()
        self._known[move] = found
        return found

    def legal_ids(self, state: State, moves: Sequence[Action] | None = None) -> dict[int, Action]:
        """Each legal move of the seat to act in ``state`` (``moves``: ``legal_moves(state)``, if
        already asked), by id, in ascending id order.

        >>> import spite_rules.malice as sm
        >>> state = sm.new_game(2, seed=1)
        >>> ids = action_table(sm.Rules(), 2).legal_ids(state)
        >>> list(ids) == sorted(ids) and len(ids) == len(sm.legal_moves(state))
        True
        """
        if moves is None:
            from spite_rules.malice.legal import legal_moves

            moves = legal_moves(state)
        found = {self.id_of(move): move for move in moves}
        return dict(sorted(found.items()))

    def move_of(self, state: State, action: int) -> Action:
        """The legal move id ``action`` stands for in ``state``; IllegalAction, naming the id and what
        it means, if that move is not legal there."""
        move = self.legal_ids(state).get(action)
        if move is None:
            what = self.describe(action) if 0 <= action < self.size else "no move"
            raise IllegalAction(f"action id {action} ({what}) is not a legal move of seat {state.to_act} now")
        return move

    def describe(self, action: int) -> str:
        """What id ``action`` means, in words (seats relative to the seat acting: ``+1`` its left).

        >>> table = action_table(Rules(), 2)
        >>> table.describe(0), table.describe(table.blocks["discard"][0])
        ('play 2♠ from hand to centre 1', 'discard 2♠ to side 1')
        """
        key = self.keys[action]
        kind = key[0]
        if kind in ("play", "swap"):
            source, space = key[1], key[2]
            verb, joiner = ("play", "to") if kind == "play" else ("swap", "for")
            return f"{verb} {_place(source)} {joiner} centre {space + 1}"  # type: ignore[arg-type,operator]
        if kind == "load":
            return f"load {_place(key[1])} onto seat +{key[2]}'s pay-off"  # type: ignore[arg-type]
        if kind == "place":
            return f"place the forced card on centre {key[1] + 1}"  # type: ignore[operator]
        if kind == "discard":
            cards = " ".join(str(FACES[face]) for face in key[1])  # type: ignore[attr-defined]
            return f"discard {cards} to side {key[2] + 1}"  # type: ignore[operator]
        if kind == "move":
            return f"move the top of side {key[1] + 1} to side {key[2] + 1}"  # type: ignore[operator]
        return "end turn"


def _place(source: Source) -> str:
    """A source in words: ``A♠ from hand``, ``own pay-off top``, ``seat +1's side 2 top``."""
    if source[0] == "hand":
        return f"{FACES[source[1]]} from hand"
    whose = "own" if source[1] == 0 else f"seat +{source[1]}'s"
    pile = "pay-off" if source[0] == "payoff" else f"side {source[2] + 1}"  # type: ignore[misc]
    return f"{whose} {pile} top"


def _groups(hand_size: int, copies: int, jokers: int) -> list[tuple[int, ...]]:
    """Seed 004's discarded groups: every multiset of two or more faces of one rank (the joker
    included) up to a whole hand, holding no face more often than the packs do (``copies`` of each
    standard face, ``jokers`` jokers), each as its sorted face indexes.

    >>> len(_groups(2, 1, 0)), len(_groups(2, 2, 2))
    (78, 131)
    """
    by_rank: dict[Rank, list[int]] = {}
    for index, card in enumerate(FACES):
        by_rank.setdefault(card.rank, []).append(index)
    found: list[tuple[int, ...]] = []
    for faces in by_rank.values():
        for size in range(2, hand_size + 1):
            found += [group for group in combinations_with_replacement(faces, size)
                      if max(group.count(face) for face in group) <= (jokers if FACES[group[0]].is_joker else copies)]
    return found


@functools.lru_cache(maxsize=64)
def action_table(rules: Rules, players: int) -> ActionTable:
    """The :class:`ActionTable` of ``rules`` at ``players`` seats (built once, then kept).

    >>> action_table(Rules(), 2) is action_table(Rules(), 2)
    True
    """
    return ActionTable(rules, players)
