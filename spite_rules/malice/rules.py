"""Spite and Malice's rules as data: :class:`Rules` (one frozen options class), its presets and
the seed's named variations.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.

Every option quotes the seed sentence it comes from. A preset is only a set of options
(``Rules.preset("book")``); any option can be changed on top of it with ``attrs.evolve``, and a
named variation of seed 003 is a few options changed together (``rules.variation("loading")``).

>>> Rules() == Rules.preset("common")
True
>>> Rules.preset("book").payoff_size, Rules.preset("jacks").payoff_size
(26, 30)
>>> import attrs
>>> attrs.evolve(Rules.preset("book"), centre_limit=CentreLimit.FOUR).centre_limit
<CentreLimit.FOUR: '4'>
>>> Rules().variation("massachusetts").payoff_size
14
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from spite_rules.errors import IllegalAction, shown

__all__ = [
    "Rules",
    "CentreLimit",
    "SideRule",
    "Completed",
    "FirstPlayer",
    "Stalemate",
    "Scoring",
    "PRESETS",
    "VARIATIONS",
    "REVISION",
    "OPTION_RANGES",
    "check_options",
    "most_players",
]

#: The revision of docs/malice/rulings.md the engine implements; part of every ``rules.version``.
REVISION = "r1"


class CentreLimit(enum.Enum):
    """How many centre stacks may stand at once.

    Seed 003: "There cannot be more than three centre stacks at one time." / "Some players allow an
    unlimited number of centre stacks" / "Some play other limits on the number of centre stacks -
    for example a maximum of four." / "Some play that the number of centre stacks is limited to one
    more than the number of players".
    """

    THREE = "3"
    FOUR = "4"
    UNLIMITED = "unlimited"
    PLAYERS_PLUS_ONE = "players+1"


class SideRule(enum.Enum):
    """What may be discarded onto a side stack that already holds cards.

    - ``ANY`` (seed 003): "The side stacks can contain cards in any order".
    - ``EQUAL_OR_ONE_LESS`` (seed 003, book): "the card played on top of it must be equal to or
      one less than the card showing".
    - ``EMPTY_FIRST`` (seed 004): "Cards are placed in empty columns first." / "Cards with the same
      number as a card in a column may be placed on that column even if there are empty columns."
    """

    ANY = "any"
    EQUAL_OR_ONE_LESS = "equal-or-one-less"
    EMPTY_FIRST = "empty-first"


class Completed(enum.Enum):
    """What becomes of a completed centre stack.

    - ``SHUFFLE_INTO_STOCK`` (seed 003): "your opponent shuffles the completed stack into the
      stock, creating a space for a new centre stack".
    - ``WAIT_FOR_STOCK`` (seed 003, seed 002, seed 004): "intead you may agree to wait until the
      stock is depleted"; "when the draw pile is emptied, these completed stacks will be reshuffled
      to create more cards for the draw pile"; "the cards in the stack of used cards ... are
      shuffled and used as a new main stack".
    """

    SHUFFLE_INTO_STOCK = "shuffle-into-stock"
    WAIT_FOR_STOCK = "wait-for-stock"


class FirstPlayer(enum.Enum):
    """Who plays first.

    - ``HIGHER_RESHUFFLE_TIES`` (seed 003): "Whichever player has the higher card showing will play
      first. If they are equal, both players shuffle their pay-off piles and turn up a new top card."
    - ``HIGHER_SUIT_THEN_CUT`` (seed 002): "Whoever has the higher rank goes first ... Wild cards
      are the lowest rank in this matchup." Ties: "suit (Spades, Hearts, Diamonds, Clubs are
      presented in descending order)", then "cut down into the draw pile and flip over the card".
    """

    HIGHER_RESHUFFLE_TIES = "higher-reshuffle-ties"
    HIGHER_SUIT_THEN_CUT = "higher-suit-then-cut"


class Stalemate(enum.Enum):
    """What a stalemate of passes does (seed 003, book: "If neither player is prepared to break the
    stalemate the game ends at this point." / "Some say that when a stalemate is reached, instead of
    ending the game, all of the cards in the players' hands and on the table, except the remaining
    pay-off piles, are shuffled together, two new five-card hands are dealt, and play continues.")"""

    ENDS = "ends"
    RESHUFFLE = "reshuffle"


class Scoring(enum.Enum):
    """How games are scored.

    - ``NONE``: the common version keeps no score.
    - ``POINTS`` (seed 003, book and "Scoring"): "5 points for playing all your pay-off cards, plus
      one point for each card remaining in your opponent's pay-off pile. If the game ends in a
      stalemate then the player with the smaller remaining pay-off pile scores the number of cards
      difference between the piles."
    - ``SET_OF_THREE`` (seed 002): "The victor receives one point. The victor then counts the number
      of cards left in their opponent's pile ... play 3 games. A total of 4 points are to be had: 3
      points for victories, and 1 point for winning the card-count total of all won games."
    """

    NONE = "none"
    POINTS = "points"
    SET_OF_THREE = "set-of-three"


def _to_values(values: Any) -> Any:
    """``wild_cannot_be`` as a sorted tuple of distinct values; a value that is not a collection of
    numbers is kept as given, for :func:`check_options` to refuse naming the option."""
    try:
        return tuple(sorted(set(values)))
    except TypeError:
        return values


@attrs.frozen(cache_hash=True)
class Rules:
    """The rules in force: ``Rules()`` is seed 003's common version. Frozen; change an option
    with ``attrs.evolve``. Each option quotes its seed (see also docs/malice/rules-options.md).

    Cards and deal
      - ``decks`` (2): "Two 52 card packs of cards are needed." (002: "two standard poker decks";
        004: "uses 3 decks of playing cards").
      - ``decks_per_player`` (False): "some play with one deck per player".
      - ``jokers`` (0): "Some people include jokers in the deck" (book: pack B "has the usual 52
        cards plus 4 jokers"; 002: "including the jokers").
      - ``split_packs`` (False, book): "Pack A is dealt out face down to form the two 26-card pay-off
        piles. Each player is dealt a five card hand from pack B".
      - ``payoff_size`` (20): "20 cards are dealt face down to each pay-off pile" ("for example 21
        or 25"; book 26; Massachusetts 14; 002: "deal 30"; 004: "a stack of 27 cards").
      - ``hand_size`` (5): "a further 5 cards are dealt to each player as their hand".
      - ``hands_dealt`` (True; 002 False): "On your first turn, you will draw five cards."
      - ``deal_side_stacks`` (False, Massachusetts): "one card is dealt face up to each side-stack
        at the start of the game".
      - ``first_player``: :class:`FirstPlayer`.
      - ``max_players`` (6): "Spite and Malice can easily be adapted for any number of players"
        (book: "There are always two players"; 002: "The game is played with 2 people").
      - ``partnerships`` (False): "Four people can play as partners; six people form three teams
        of two. ... At your turn you can play from your partner's pay-off pile or side stacks to
        the centre stacks, but you can only discard to your own side stack."

    Wild cards
      - ``kings_wild`` (True): "with kings wild"; False: "only the jokers are wild, and that 13
        cards are needed top complete each centre stack, ending with the king".
      - ``wild_cannot_be`` (()): "a wild card ... cannot be used to represent an ace" / "cannot
        represent an ace or a seven" (book: "A joker can represent any card except an ace").

    Centre and side stacks
      - ``centre_limit``: :class:`CentreLimit`; ``completed``: :class:`Completed`.
      - ``wild_queen_stays`` (False; 002): "if a wild card is used to finish off a stack (played
        as a wild-12), the stack stays until: a 1 (Ace) can be played nowhere else ... cards are
        needed to shuffle into the draw pile".
      - ``side_stacks`` (4): "you cannot have more than four side stacks".
      - ``side_rule``: :class:`SideRule`.
      - ``spread_side_stacks`` (False): "play with the cards in the side stacks overlapped rather
        than stacked squarely, so that players can see the cards buried in the stacks" (002:
        "solitaire style").
      - ``discard_groups`` (False; 004): "A player may place two or more cards from their hand with
        the same number on a column at the same time."
      - ``fill_empty_side_stacks`` (False, Massachusetts): "immediately before making the side stack
        discard that ends your turn you must play a card from your hand to each of your empty
        side-stacks".

    Compulsory plays
      - ``compulsory_aces`` (False): "aces cannot be retained in your hand but must be played as
        soon as drawn ... an ace appearing on your pay-off pile must immediately be played".
      - ``compulsory_aces_and_twos`` (False, book): "If you have an ace or two visible on top of
        your pay-off pile or one of your side stacks, it must be played to a centre stack as soon
        as this is legal."
      - ``twos_while_aces`` (False; 004): "If a player has any 2's and there are aces in any pools,
        the 2's must be played before the players turn can end."

    Ending a turn, passing, stalemates
      - ``end_without_discard`` (False; book, 002): "you may decide to end your turn without playing
        to a side stack" / 002: "Do nothing - opt not to discard / move a card."
      - ``side_moves`` (False; 002): "Move a card - instead of discarding, move one of the top cards
        in your discard pile to any other discard pile."
      - ``stalemate``: :class:`Stalemate`.
      - ``stalemate_aces_twos`` (False, book): "if either player has any aces and twos in their
        concealed hand which can be played to the centre, they must play one such card to break
        the stalemate."
      - ``stalemate_fewer_wins`` (False): "if the stock runs out the winner is the player with
        fewest cards remaining in their pay-off pile."

    Other players' cards
      - ``loading`` (False): "it is permissible to move the card from the top of your pay-off pile or
        play a card from your hand onto the top of your opponent's pay-off pile. The card must be
        the same suit and one rank higher or lower".
      - ``opponent_payoff`` (False; 002): "Your opponent's play deck - ... You can use their cards".
      - ``opponent_discards`` (False; 002): "You may play the cards from your opponent's discard pile
        ONLY if you have already OR can ensure 100% that you will (in this turn) use their cards
        from their play deck, at a 1:1 exchange rate."

    Seed 002's wild-card obligations, substitution and forced plays
      - ``wild_ace_covered``: "If a wild card is played as an Ace, it MUST be covered with a real 2
        before the turn is over".
      - ``wild_on_wild_covered``: "if a wild card is played on top of another wild card, it MUST be
        covered with a real numbered card."
      - ``substitution``: "if there is an exposed wild card ... you may substitute a real card for
        it, and switch the real value with the wild card."
      - ``equal_tops_together``: "If you and your opponent have the same card rank, when one is
        played, the other must be played as well."
      - ``opponent_next_rank_follows``: "If you play an opponent's top card off their play deck, and
        their following card is the next rank, then that card must be immediately played."
      - ``same_rank_follows``: "If a player's next card in their play deck is the same rank as the
        card they just removed, it is played immediately".
      - ``backstab``: "When a player empties their play deck, that's not the end of the game. ...
        The opponent has one more turn. If the opponent is able to empty their play deck AND play
        all their discarded cards, the opponent steals the win!"

    Scoring
      - ``scoring``: :class:`Scoring`; ``target_score`` (None): "The winner could be the first
        player to reach a target score, such as 50."

    ``name`` names the preset these options started from (it gives ``version``).
    """

    name: str = "common"
    decks: int = 2
    decks_per_player: bool = False
    jokers: int = 0
    split_packs: bool = False
    payoff_size: int = 20
    hand_size: int = 5
    hands_dealt: bool = True
    deal_side_stacks: bool = False
    first_player: FirstPlayer = FirstPlayer.HIGHER_RESHUFFLE_TIES
    max_players: int = 6
    partnerships: bool = False
    kings_wild: bool = True
    wild_cannot_be: tuple[int, ...] = attrs.field(default=(), converter=_to_values)
    centre_limit: CentreLimit = CentreLimit.THREE
    completed: Completed = Completed.SHUFFLE_INTO_STOCK
    wild_queen_stays: bool = False
    side_stacks: int = 4
    side_rule: SideRule = SideRule.ANY
    spread_side_stacks: bool = False
    discard_groups: bool = False
    fill_empty_side_stacks: bool = False
    compulsory_aces: bool = False
    compulsory_aces_and_twos: bool = False
    twos_while_aces: bool = False
    end_without_discard: bool = False
    side_moves: bool = False
    stalemate: Stalemate = Stalemate.ENDS
    stalemate_aces_twos: bool = False
    stalemate_fewer_wins: bool = False
    loading: bool = False
    opponent_payoff: bool = False
    opponent_discards: bool = False
    wild_ace_covered: bool = False
    wild_on_wild_covered: bool = False
    substitution: bool = False
    equal_tops_together: bool = False
    opponent_next_rank_follows: bool = False
    same_rank_follows: bool = False
    backstab: bool = False
    scoring: Scoring = Scoring.NONE
    target_score: int | None = None

    def __attrs_post_init__(self) -> None:
        check_options(self)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The preset called ``name`` (one of :data:`PRESETS`).

        >>> Rules.preset("three_decks").decks
        3
        >>> Rules.preset("chess")
        Traceback (most recent call last):
        ...
        spite_rules.errors.IllegalAction: preset 'chess' does not exist (known: common, book, jacks, three_decks)
        """
        if not isinstance(name, str) or name not in _PRESET_OPTIONS:
            raise IllegalAction(f"preset {shown(name)} does not exist (known: {', '.join(PRESETS)})")
        found = _PRESET_RULES.get(name)
        if found is None:  # one object per preset (frozen, so shared safely): caches keyed by
            found = _PRESET_RULES[name] = cls(name=name, **_PRESET_OPTIONS[name])  # rules hit by identity
        return found

    def variation(self, name: str) -> Rules:
        """These rules with one of seed 003's named variations (:data:`VARIATIONS`) applied.

        >>> Rules().variation("compulsory_aces").centre_limit
        <CentreLimit.UNLIMITED: 'unlimited'>
        """
        if not isinstance(name, str) or name not in VARIATIONS:
            raise IllegalAction(f"variation {shown(name)} does not exist (known: {', '.join(VARIATIONS)})")
        return attrs.evolve(self, **VARIATIONS[name])

    @property
    def version(self) -> str:
        """The ruleset version: seed, preset and the rulings' revision, then (as Spite's
        ``Rules().version``) ``+`` and each option that differs from the preset, as ``name=value``
        in the order of the fields, so that two games under different rules never share a version.

        >>> Rules().version, Rules.preset("jacks").version
        ('003-common-r1', '002-jacks-r1')
        >>> Rules().variation("four_centre").version
        '003-common-r1+centre_limit=4'
        >>> attrs.evolve(Rules.preset("book"), stalemate_aces_twos=True, wild_cannot_be=(1, 7)).version
        '003-book-r1+wild_cannot_be=1/7,stalemate_aces_twos=true'
        """
        base = f"{_PRESET_SEEDS.get(self.name, '003')}-{self.name}-{REVISION}"
        if self.name not in _PRESET_OPTIONS:
            return base
        preset = Rules.preset(self.name)
        changed = [
            f"{field.name}={_word(getattr(self, field.name))}"
            for field in attrs.fields(Rules)
            if field.name != "name" and getattr(self, field.name) != getattr(preset, field.name)
        ]
        return base + ("+" + ",".join(changed) if changed else "")

    @property
    def top_value(self) -> int:
        """The value that completes a centre stack: 12 (queen) with kings wild, else 13 (king).

        >>> Rules().top_value, Rules.preset("three_decks").top_value
        (12, 13)
        """
        return 12 if self.kings_wild else 13


#: The whole-number options and the values each may take (``target_score`` may also be None). The
#: seeds' own figures sit well inside: 2 or 3 packs, 4 jokers, pay-off piles of 14 to 30, a hand of
#: 5, four side stacks, two to six players; the bounds keep every game dealable and finite.
OPTION_RANGES: dict[str, tuple[int, int]] = {
    "decks": (1, 8),
    "jokers": (0, 16),
    "payoff_size": (1, 60),
    "hand_size": (1, 20),
    "max_players": (2, 8),
    "side_stacks": (1, 10),
    "target_score": (1, 1_000_000),
}


def _option_error(name: str, value: Any, wanted: str) -> IllegalAction:
    return IllegalAction(f"Rules option {name} must be {wanted}, not {shown(value)}")


def check_options(rules: Rules) -> None:
    """Raise IllegalAction naming the option and its value when ``rules`` holds an option of the
    wrong type or out of its range (:data:`OPTION_RANGES`), or two options that cannot go together.
    Run whenever a ``Rules`` is made, ``attrs.evolve`` included.

    Two combinations are refused because a game under them could reach a turn with no way on:

    - ``side_rule=EQUAL_OR_ONE_LESS`` needs ``end_without_discard=True``. The book's side rule ("the
      card played on top of it must be equal to or one less than the card showing") can leave a seat
      no card it may discard; the book pairs it with "you may decide to end your turn without playing
      to a side stack" (ruling M42).
    - ``partnerships`` needs ``max_players`` of 4 or more ("Four people can play as partners").

    >>> Rules(hand_size=0)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: Rules option hand_size must be a whole number from 1 to 20, not 0
    >>> attrs.evolve(Rules(), side_rule=SideRule.EQUAL_OR_ONE_LESS)
    Traceback (most recent call last):
    ...
    spite_rules.errors.IllegalAction: Rules options side_rule=equal-or-one-less and end_without_discard=False cannot go together: the book's side rule can leave a seat no card to discard, and only a turn that may end without a discard has a way on [ruling M42]
    """
    for field in attrs.fields(type(rules)):
        name = field.name
        value = getattr(rules, name)
        if name == "name":
            if not isinstance(value, str):
                raise _option_error(name, value, "a preset's name (a string)")
        elif name in OPTION_RANGES:
            low, high = OPTION_RANGES[name]
            if value is None and name == "target_score":
                continue
            if type(value) is not int or not low <= value <= high:
                wanted = f"a whole number from {low} to {high}" + (" or None" if name == "target_score" else "")
                raise _option_error(name, value, wanted)
        elif name == "wild_cannot_be":
            if type(value) is not tuple or not all(type(worth) is int and 1 <= worth <= 13 for worth in value):
                raise _option_error(name, value, "a list of card values from 1 (ace) to 13 (king)")
        elif isinstance(field.default, enum.Enum):
            kind = type(field.default)
            if type(value) is not kind:
                known = ", ".join(repr(member.value) for member in kind)
                raise _option_error(name, value, f"a {kind.__name__} ({known})")
        elif type(value) is not bool:
            raise _option_error(name, value, "True or False")
    if rules.side_rule is SideRule.EQUAL_OR_ONE_LESS and not rules.end_without_discard:
        raise IllegalAction(
            "Rules options side_rule=equal-or-one-less and end_without_discard=False cannot go together: "
            "the book's side rule can leave a seat no card to discard, and only a turn that may end "
            "without a discard has a way on [ruling M42]"
        )
    if rules.partnerships and most_players(rules) < 4:
        two = next((name for name in _TWO_SEATED if getattr(rules, name)), "max_players")
        raise IllegalAction(
            f"Rules options partnerships=True and {two}={getattr(rules, two)} cannot go together: "
            "partners play four or six to a table"
        )
    _check_dealable(rules)


#: The options of a game for two only (pack A's two pay-off piles; seed 002's "The game is played
#: with 2 people").
_TWO_SEATED = ("split_packs", "backstab", "opponent_payoff", "opponent_discards")


def most_players(rules: Rules) -> int:
    """The most seats ``rules`` can seat: ``max_players``, or 2 under an option of a game for two.

    >>> most_players(Rules()), most_players(Rules(backstab=True))
    (6, 2)
    """
    if any(getattr(rules, name) for name in _TWO_SEATED):
        return 2
    return rules.max_players


def _check_dealable(rules: Rules) -> None:
    """The packs must deal two seats their pay-off piles, hands and side stacks (more seats add
    packs: ruling M8). Book: "Pack A is dealt out face down to form the two 26-card pay-off piles"."""
    hand = rules.hand_size if rules.hands_dealt else 0
    sides = rules.side_stacks if rules.deal_side_stacks else 0
    if rules.split_packs:
        if 2 * rules.payoff_size > 52:
            raise IllegalAction(
                f"Rules options split_packs=True and payoff_size={rules.payoff_size} cannot go together: "
                "pack A (52 cards) deals both pay-off piles"
            )
        if rules.decks < 2:
            raise IllegalAction("Rules options split_packs=True and decks=1 cannot go together: pack B is the second pack")
        return
    packs = 2 if rules.decks_per_player else rules.decks
    if packs * 52 + rules.jokers < 2 * (rules.payoff_size + hand + sides):
        raise IllegalAction(
            f"Rules options decks={rules.decks} and payoff_size={rules.payoff_size} cannot go together: "
            f"{packs * 52 + rules.jokers} cards cannot deal two seats {rules.payoff_size} pay-off cards, "
            f"{hand} in hand and {sides} on side stacks"
        )


_PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "common": {},
    "book": dict(
        decks=2,
        jokers=4,
        split_packs=True,
        payoff_size=26,
        max_players=2,
        kings_wild=False,
        wild_cannot_be=(1,),
        centre_limit=CentreLimit.UNLIMITED,
        side_rule=SideRule.EQUAL_OR_ONE_LESS,
        compulsory_aces_and_twos=True,
        end_without_discard=True,
        scoring=Scoring.POINTS,
    ),
    "jacks": dict(
        decks=2,
        jokers=4,
        payoff_size=30,
        hands_dealt=False,
        first_player=FirstPlayer.HIGHER_SUIT_THEN_CUT,
        max_players=2,
        centre_limit=CentreLimit.FOUR,
        completed=Completed.WAIT_FOR_STOCK,
        wild_queen_stays=True,
        spread_side_stacks=True,
        end_without_discard=True,
        side_moves=True,
        opponent_payoff=True,
        opponent_discards=True,
        wild_ace_covered=True,
        wild_on_wild_covered=True,
        substitution=True,
        equal_tops_together=True,
        opponent_next_rank_follows=True,
        same_rank_follows=True,
        backstab=True,
        scoring=Scoring.SET_OF_THREE,
    ),
    "three_decks": dict(
        decks=3,
        payoff_size=27,
        max_players=2,
        kings_wild=False,
        centre_limit=CentreLimit.FOUR,
        completed=Completed.WAIT_FOR_STOCK,
        side_rule=SideRule.EMPTY_FIRST,
        spread_side_stacks=True,
        discard_groups=True,
        twos_while_aces=True,
    ),
}

_PRESET_RULES: dict[str, Rules] = {}

def _word(value: Any) -> str:
    """An option's value in a version string: ``true``/``false``, an enum's value, ``1/7`` for a
    tuple, ``none``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    return "none" if value is None else str(value)


_PRESET_SEEDS = {"common": "003", "book": "003", "jacks": "002", "three_decks": "004"}

#: The presets, by name: ``Rules.preset(name)``.
PRESETS: tuple[str, ...] = tuple(_PRESET_OPTIONS)

#: Seed 003's named variations, each the options it changes (``rules.variation(name)``).
VARIATIONS: dict[str, dict[str, Any]] = {
    "unlimited_centre": dict(centre_limit=CentreLimit.UNLIMITED),
    "unlimited_centre_wait": dict(
        centre_limit=CentreLimit.UNLIMITED, completed=Completed.WAIT_FOR_STOCK
    ),
    "four_centre": dict(centre_limit=CentreLimit.FOUR),
    "players_plus_one": dict(centre_limit=CentreLimit.PLAYERS_PLUS_ONE),
    "compulsory_aces": dict(compulsory_aces=True, centre_limit=CentreLimit.UNLIMITED),
    "loading": dict(loading=True, compulsory_aces=True, centre_limit=CentreLimit.UNLIMITED),
    "spread": dict(spread_side_stacks=True),
    "stalemate_fewer_wins": dict(stalemate_fewer_wins=True),
    "jokers": dict(jokers=4),
    "jokers_only_wild": dict(jokers=4, kings_wild=False),
    "wild_not_ace": dict(wild_cannot_be=(1,)),
    "wild_not_ace_or_seven": dict(wild_cannot_be=(1, 7)),
    "one_deck_per_player": dict(decks_per_player=True),
    "partnerships": dict(partnerships=True),
    "massachusetts": dict(payoff_size=14, deal_side_stacks=True, fill_empty_side_stacks=True),
    "scoring": dict(scoring=Scoring.POINTS, target_score=50),
}
