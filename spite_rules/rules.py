"""Table choices, rule variants and named rulesets: :class:`Rules`, :data:`RULESETS`.

Layer: Spite: values — may import the core, the cards and the errors.

``Rules()`` is seed 000's game (the rules published on 2023-03-11). ``Rules.ruleset("2023-07")`` is
the author's July 2023 revision of them (docs/ruleset-2023-07.md, differences V1-V10).
Options name the choices a table makes (how many fake jokers are set aside, which faces they
show, who referees) and the variants a reasonable table could rule either way or that the two
rulesets decide differently; each option's default is its ruleset's ruling in docs/rulings.md.

>>> Rules().hand_size, Rules().losing_hand_size, Rules().version
(11, 20, '000-r3')
>>> revision = Rules.ruleset("2023-07")
>>> revision.ruleset_name, revision.version, revision.come_at_me_two_players
('2023-07', '2023-07-r2', False)

Options combine freely on top of either ruleset, and ``version`` shows those changed from the
named ruleset (table choices such as the referee or the deck never enter it):

>>> Rules.ruleset("2023-07", come_at_me_two_players=True, referee=Referee.AUTOMATIC).version
'2023-07-r2+come_at_me_two_players=true'
>>> list(RULESETS)
['000', '2023-07']
"""

from __future__ import annotations

import enum
import types
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from spite_rules.cards import Card, cards_of, parse_cards
from spite_rules.errors import IllegalAction, SpiteError, shown
from spite_rules.core.fields import check_fields

__all__ = [
    "Rules",
    "Referee",
    "RewardKind",
    "Ruleset",
    "RULESETS",
    "DEFAULT_FAKE_JOKERS",
    "RULESET_VERSION",
    "REVISION_OPTIONS",
    "rules_of",
    "MAX_DECKS",
]

#: The version of seed 000's rulings the engine implements: seed 000 and the rulings' revision. It
#: changes whenever a ruling in docs/rulings.md changes behaviour (see its "Ruleset versions"
#: section). Each named ruleset has its own version (:data:`RULESETS`); this is seed 000's.
RULESET_VERSION = "000-r3"


class Referee(enum.Enum):
    """Who penalises misplays (ruling R27).

    - ``CALLED`` (the physical game, the default): the engine applies a misplay's penalties at once,
      and the misplay stays open for a call until the next action that is not a call; the first seat
      to call it correctly wins the misplayer's forfeited fake jokers (or one from the pile).
      Uncalled, the forfeited fake jokers return to the pile ("the table has reached a consensus").
    - ``AUTOMATIC`` (bots, online play): penalties are applied at once and the forfeited fake jokers
      go straight to the pile; there is nothing to call.
    """

    CALLED = "called"
    AUTOMATIC = "automatic"


class RewardKind(enum.Enum):
    """What a successful come-at-me earns (difference V7 of the July 2023 revision).

    - ``VIEW_AND_SWAP`` (seed 000): "allowed to view the top several cards of the deck and
      optionally swap one of them with a card in their hand" (action ``TakeReward``).
    - ``DISCARD_AND_DRAW`` (2023-07): discard between 1 and N cards from the hand and draw as many
      from the deck (action ``DiscardAndDraw``).
    """

    VIEW_AND_SWAP = "view-and-swap"
    DISCARD_AND_DRAW = "discard-and-draw"


#: Seed 000, "The Deck": "approximately 5 cards (of arbitrary suits and face values) from a deck with
#: a different card-back design should be set aside ... for use as fake jokers."
DEFAULT_FAKE_JOKERS: tuple[Card, ...] = parse_cards("~4♣ ~8♥ ~10♠ ~Q♦ ~A♣")


@attrs.frozen
class Ruleset:
    """A named ruleset: its name, its version (the rulings' revision, docs/rulings.md), when and
    where it was published, and the values it gives the options of :data:`REVISION_OPTIONS`."""

    name: str
    version: str
    published: str
    source: str
    options: Mapping[str, Any] = attrs.field(repr=False)


_SEED_000 = types.MappingProxyType(
    {
        "fake_jokers_at_least": 0,
        "face_up_fake_lead_opens_arity": True,
        "caller_paid_from_pile": True,
        "earned_cards_free": False,
        "face_down_fake_joker_hands": False,
        "come_at_me_reward_kind": RewardKind.VIEW_AND_SWAP,
        "come_at_me_two_players": True,
        "resume_in_next_trick": False,
    }
)

#: The options by which the July 2023 revision differs from seed 000 (V1-V9; V10 is wording only),
#: as seed 000's table names them. Only these enter :attr:`Rules.version`; the rest are table choices.
REVISION_OPTIONS = tuple(_SEED_000)

_REVISION_2023_07 = types.MappingProxyType(
    {
        "fake_jokers_at_least": 5,
        "face_up_fake_lead_opens_arity": False,
        "caller_paid_from_pile": False,
        "earned_cards_free": True,
        "face_down_fake_joker_hands": True,
        "come_at_me_reward_kind": RewardKind.DISCARD_AND_DRAW,
        "come_at_me_two_players": False,
        "resume_in_next_trick": True,
    }
)

#: The named rulesets, by name, seed 000 (the default) first.
RULESETS: Mapping[str, Ruleset] = types.MappingProxyType(
    {
        "000": Ruleset(
            "000",
            RULESET_VERSION,
            "2023-03-11",
            "seed 000, the rules as published on 2023-03-11 (docs/rules.md, clause by clause)",
            _SEED_000,
        ),
        "2023-07": Ruleset(
            "2023-07",
            "2023-07-r2",
            "2023-07-22",
            "the author's revision of 2023-07-20 and 2023-07-22 (docs/ruleset-2023-07.md)",
            _REVISION_2023_07,
        ),
    }
)


def _to_fakes(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """The fake jokers' faces, from notation (``"~4♣ ~8♥"``) or a list of cards or tokens, each on
    the fake-joker back; IllegalAction naming ``Rules.fake_jokers`` for anything else."""
    try:
        return tuple(card.as_fake() for card in cards_of(cards))
    except SpiteError as error:
        raise IllegalAction(f"Rules.fake_jokers: {error}") from None


#: The most six-handed 500 decks a table combines (seed 000 uses 3): enough for any table, and a
#: bound on the memory a deck takes.
MAX_DECKS = 16

#: Each int option's range (low, high; None: no bound above), checked when a Rules is made.
_RANGES: Mapping[str, tuple[int, int | None]] = types.MappingProxyType(
    {
        "decks": (1, MAX_DECKS),
        "hand_size": (1, None),
        "losing_hand_size": (2, None),
        "decision_seconds": (0, None),
        "fake_jokers_at_least": (0, None),
    }
)


def _check_options(rules: Rules) -> None:
    """Every option's type (:func:`~spite_rules.core.fields.check_fields`) and range, and that a hand
    as dealt is below the losing size (seed 000: a hand that "reaches or exceeds 20" cards has
    lost the round)."""
    check_fields(rules, "Rules")
    for option, (low, high) in _RANGES.items():
        value = getattr(rules, option)
        if value < low or (high is not None and value > high):
            bound = f"{low} to {high}" if high is not None else f"{low} or more"
            raise IllegalAction(f"Rules.{option} must be {bound}, not {value}")
    if rules.hand_size >= rules.losing_hand_size:
        raise IllegalAction(
            f"Rules.hand_size {rules.hand_size} must be below Rules.losing_hand_size "
            f"{rules.losing_hand_size}: a hand dealt that size has already lost the round"
        )


def _known_ruleset(_: Any, __: Any, name: str) -> None:
    if type(name) is not str or name not in RULESETS:
        raise IllegalAction(f"ruleset {shown(name)} does not exist (known: {', '.join(RULESETS)})")


def _preset(option: str) -> Any:
    """The default of ``option``: the value the named ruleset gives it."""

    def default(self: Rules) -> Any:
        _known_ruleset(None, None, self.ruleset_name)  # asked before attrs runs the validator
        return RULESETS[self.ruleset_name].options[option]

    return attrs.Factory(default, takes_self=True)


@attrs.frozen
class Rules:
    """The rules in force. Frozen; ``Rules()`` is seed 000, ``Rules.ruleset("2023-07")`` the July
    2023 revision.

    Table choices (the same in both rulesets):

    - ``decks``: six-handed 500 decks combined (3 makes the 189-card deck).
    - ``hand_size``: cards dealt to each seat ("each player is dealt 11 cards").
    - ``losing_hand_size``: "If the number of cards in a player's hand reaches or exceeds 20, they
      instantly lose the round."
    - ``fake_jokers``: the faces of the fake jokers set aside (the other back).
    - ``decision_seconds``: "A player has 5 seconds to make a decision" (plus one per card just
      picked up); the engine keeps no clock but tells a front-end.
    - ``referee``: who penalises misplays (:class:`Referee`).

    ``ruleset_name``: the named ruleset (:data:`RULESETS`) the options below default to. Each
    option quotes seed 000 and the revision (docs/ruleset-2023-07.md gives the revision's
    text in the project's words, quoting its changed phrases); docs/rulings.md, "The July 2023
    revision", has the rulings V1-V10 on what the revision leaves open.

    - ``fake_jokers_at_least`` (V1; 000: 0, 2023-07: 5): fewer fake jokers set aside are refused.
      Seed 000, "The Deck": "approximately 5 cards ... should be set aside"; the revision: "at
      least 5".
    - ``face_up_fake_lead_opens_arity`` (V2; 000: True, 2023-07: False): does a fake joker led
      face-up leave the arity open? Seed 000, "Fake Jokers": "When played face-up to lead a trick,
      the arity of the trick is indeterminate, regardless of current game direction." The revision
      says "face-down" there, and face-up a fake joker is just its face value ("When played
      face-up, they will take on their natural face value"). A face-down lead leaves the arity
      open in both (ruling T18).
    - ``caller_paid_from_pile`` (V4; 000: True, 2023-07: False): does a correct misplay call on a
      seat holding no fake jokers win one from the pile? Seed 000, "Fake Jokers": "If they did not
      possess any fake jokers, the caller shall receive 1 fake joker from the common pile as a
      reward." The revision: a misplayer's fake jokers are "transferred to the player who
      correctly called the misplay", and it no longer says a caller earns one from the pile
      (ruling V4). (V3, the transfer itself, is seed 000's reading already: ruling R27.)
    - ``earned_cards_free`` (V5; 000: False, 2023-07: True): are cards earned from the deck free of
      the fake jokers' game restrictions (played alone, no bounty)? Seed 000: "Such cards are also
      not part of the player's regular hand, but can only be played face-up, and are not
      considered fake jokers for the purpose of card ranking." The revision: "played face-up as
      their natural face value only, and not fake jokers for ranking **or for game
      restrictions**" (ruling V5: they combine with any cards into any hand).
    - ``face_down_fake_joker_hands`` (V6; 000: False, 2023-07: True): five or more face-down fake
      jokers played together are a hand that "beats any hand, ignores direction and consecs, and
      is beaten only by a hand of more face-down fake jokers whatever the direction"; "the player
      may not come-at-me or announce 'unbeatable' with it". Seed 000 has no such hand (fake jokers
      are played alone, ruling T19).
    - ``come_at_me_reward_kind`` (V7; 000: view and swap, 2023-07: discard and draw): seed 000,
      "Come At Me": "allowed to view the top several cards of the deck and optionally swap one of
      them with a card in their hand"; the revision: "discard between 1 and N cards from the hand
      and draw as many from the deck; discarding zero or too many, or drawing a wrong number, is a
      misplay" (:class:`RewardKind`).
    - ``come_at_me_two_players`` (V8; 000: True, 2023-07: False): may a seat come-at-me when only
      two players are still in the round? Seed 000: "Any number of players are allowed to
      come-at-me during a trick"; the revision makes it a misplay with two active players.
    - ``resume_in_next_trick`` (V9; 000: False, 2023-07: True): after its skipped turns a seat
      "may buy back into the trick, or resume play as normal in the next trick" (the revision), so
      a skipped lead closes that trick to it too; seed 000: "They must skip the number of turns in
      the next trick(s) equal to their misplay penalty count. They may then choose to buy back
      into the trick." (ruling R28: a skipped lead passes the lead on without passing).

    V10 changes only the words of an example ("a 2 when under suited-but-not-numerical consec"
    for 000's "a 2 when under suited consec"), which the engine already follows (ruling R26).

    >>> Rules().face_up_fake_lead_opens_arity, Rules.ruleset("2023-07").face_up_fake_lead_opens_arity
    (True, False)
    """

    decks: int = 3
    hand_size: int = 11
    losing_hand_size: int = 20
    fake_jokers: tuple[Card, ...] = attrs.field(default=DEFAULT_FAKE_JOKERS, converter=_to_fakes)
    decision_seconds: int = 5
    referee: Referee = Referee.CALLED
    ruleset_name: str = attrs.field(default="000", validator=_known_ruleset)
    fake_jokers_at_least: int = attrs.field(default=_preset("fake_jokers_at_least"))
    face_up_fake_lead_opens_arity: bool = attrs.field(
        default=_preset("face_up_fake_lead_opens_arity")
    )
    caller_paid_from_pile: bool = attrs.field(default=_preset("caller_paid_from_pile"))
    earned_cards_free: bool = attrs.field(default=_preset("earned_cards_free"))
    face_down_fake_joker_hands: bool = attrs.field(default=_preset("face_down_fake_joker_hands"))
    come_at_me_reward_kind: RewardKind = attrs.field(default=_preset("come_at_me_reward_kind"))
    come_at_me_two_players: bool = attrs.field(default=_preset("come_at_me_two_players"))
    resume_in_next_trick: bool = attrs.field(default=_preset("resume_in_next_trick"))
    #: :attr:`version`, worked out once (every view shows it).
    _version: str = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        _check_options(self)
        if len(self.fake_jokers) < self.fake_jokers_at_least:
            raise IllegalAction(
                f"{len(self.fake_jokers)} fake jokers set aside: ruleset {self.ruleset_name} sets "
                f"aside at least {self.fake_jokers_at_least} (rule deck.fake-jokers.at-least-five)"
            )
        named = RULESETS[self.ruleset_name]
        changed = [
            f"{option}={_word(getattr(self, option))}"
            for option in REVISION_OPTIONS
            if getattr(self, option) != named.options[option]
        ]
        version = named.version + ("+" + ",".join(changed) if changed else "")
        object.__setattr__(self, "_version", version)

    @classmethod
    def ruleset(cls, name: str, **choices: Any) -> Rules:
        """The ruleset called ``name`` (a key of :data:`RULESETS`), with any table choices or
        options given as keywords on top.

        >>> Rules.ruleset("000") == Rules()
        True
        >>> Rules.ruleset("2023-07", referee=Referee.AUTOMATIC).referee
        <Referee.AUTOMATIC: 'automatic'>
        >>> Rules.ruleset("2023-08")
        Traceback (most recent call last):
        ...
        spite_rules.errors.IllegalAction: ruleset '2023-08' does not exist (known: 000, 2023-07)
        """
        return cls(ruleset_name=name, **choices)

    @property
    def version(self) -> str:
        """The version of the rules in force: the named ruleset's (``"000-r3"``, ``"2023-07-r2"``),
        then ``+`` and each option of :data:`REVISION_OPTIONS` that differs from that ruleset, as
        ``name=value``, in that order. Table choices (decks, hand size, fake joker faces, decision
        seconds, referee) do not enter it.

        >>> Rules().version, Rules(referee=Referee.AUTOMATIC, hand_size=7).version
        ('000-r3', '000-r3')
        >>> Rules(come_at_me_two_players=False, resume_in_next_trick=True).version
        '000-r3+come_at_me_two_players=false,resume_in_next_trick=true'
        """
        return self._version


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def rules_of(rules: object) -> Rules:
    """Rules given as :class:`Rules`, as a ruleset's name, or not at all (seed 000).

    >>> rules_of("2023-07") == Rules.ruleset("2023-07"), rules_of(None) == Rules()
    (True, True)
    """
    if rules is None:
        return Rules()
    if isinstance(rules, str):
        return Rules.ruleset(rules)
    if not isinstance(rules, Rules):
        raise IllegalAction(f"rules must be a Rules, a ruleset's name or None, not {shown(rules)}")
    return rules
