"""Both games as OpenSpiel Python games (docs/openspiel.md): ``python_spite`` and
``python_spite_and_malice``, registered with ``pyspiel.register_game`` when this module is imported.

Layer: surface over both games — may import either game, the core, the cards and the errors.

One class serves both games through the library's game protocol (``spite_rules.core.engine``); what
differs is the :class:`Spec` of each game: its parameters, how an action id names a move, and the
observation encoder of its RL environments (``spite_rules.rl``), reused for the tensors.

- **Chance.** A game starts with :data:`SEED_BYTES` explicit chance nodes of 256 equally likely
  outcomes each, the bytes of the 32-bit seed the library deals from: its states are a pure
  function of their seed and their actions, so these nodes are all the chance there is; nobody
  observes them (why not a node per card: docs/openspiel.md, "Chance").
- **Actions.** Spite and Malice: the fixed table of :mod:`spite_rules.malice.action_ids`. Spite:
  action ``i`` is the ``i``-th of the seat's moves (:func:`spite_rules.rl.actions.turn_moves`), below
  :data:`~spite_rules.rl.actions.ACTION_BOUND`.
- **Information.** ``observation_string`` and ``information_state_string`` are the seat's view
  (``repr`` of the library's ``SeatView``; a view has no memory, so the information state is the
  view, not the whole history); the tensors are the RL encoders'. ``resample_from_infostate`` deals
  the hidden cards with the library's determinization (``sr.determinize``).

>>> import pyspiel
>>> game = pyspiel.load_game("python_spite_and_malice", {"preset": "jacks"})
>>> game.num_distinct_actions(), game.num_players()
(733, 2)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(7)
>>> state.current_player() in (0, 1), len(state.legal_actions()) > 0
(True, True)
"""

from __future__ import annotations

import enum
import random
import typing
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel

from spite_rules.cards import parse_cards
from spite_rules.core.engine import AnyGame, game
from spite_rules.errors import IllegalAction, shown
from spite_rules.malice.cli import OptionError, _convert
from spite_rules.core.research import researchable
from spite_rules.rl.actions import ACTION_BOUND, turn_moves
from spite_rules.rl.aec import ACTION_TABLES, ENCODERS
from spite_rules.rules import Referee

__all__ = [
    "Spec", "SPECS", "MALICE", "SPITE", "RULESET_WORDS", "SEED_BYTES", "MAX_ACTIONS", "CardGame", "CardState",
    "Observer", "rules_of", "params_of", "state_of", "from_library",
]

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

#: Chance nodes at the start of a game: the bytes of the deal's 32-bit seed, low byte first.
SEED_BYTES = 4

#: Actions after which a game is cut short, each seat's return 0 (a game parameter; no game seen
#: in the measurements of docs/rl.md came near it).
MAX_ACTIONS = 5_000


def _word(value: object) -> object:
    """An option's value as an OpenSpiel parameter that reads back as itself from a game's string
    (OpenSpiel reads ``3`` as a number and ``true`` as a bool there): bools and ints as they are, an
    enum member by its name in lower case (``three``, ``unlimited``), a tuple of numbers joined by
    ``/`` (a single one with a ``/`` after it), no target score as 0, and the rest as text.

    >>> from spite_rules.malice.rules import CentreLimit
    >>> _word(CentreLimit.THREE), _word((1, 7)), _word((7,)), _word(None)
    ('three', '1/7', '7/', 0)
    """
    if isinstance(value, int):  # a bool too
        return value
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if value is None:
        return 0
    if isinstance(value, tuple):
        return " ".join(str(part) for part in value) if value and not isinstance(value[0], int) else (
            "/".join(str(part) for part in value) + ("/" if len(value) == 1 else ""))
    return str(value)


#: The names of Spite's rulesets as game parameters (OpenSpiel reads ``000`` as a number and cannot
#: read ``2023-07`` from a game's string), each with the library's name; the library's names are
#: accepted too.
RULESET_WORDS: dict[str, str] = {"march-2023": "000", "july-2023": "2023-07"}


@attrs.frozen
class Spec:
    """What one game brings to the OpenSpiel wrapper: its registry name (``name``) and OpenSpiel
    name (``short_name``); ``preset`` (the parameter naming its presets or rulesets) and the
    options left out of the parameters (``internal``); the seats (``min_players``,
    ``max_players``, ``default_players``). Its observation encoder and any fixed action table are
    the RL environments' (:data:`spite_rules.rl.aec.ENCODERS`, ``ACTION_TABLES``)."""

    name: str
    short_name: str
    long_name: str
    preset: str
    internal: tuple[str, ...]
    min_players: int
    max_players: int
    default_players: int

    @property
    def game(self) -> AnyGame:
        """The library's game object."""
        return game(self.name)

    def options(self) -> dict[str, Any]:
        """Every option of the game's ``Rules`` but the internal ones, with its default as an
        OpenSpiel parameter value.

        >>> SPECS["python_spite_and_malice"].options()["centre_limit"]
        'three'
        """
        rules = self.game.default_rules()
        if self.name == "spite":
            rules = attrs.evolve(rules, referee=Referee.AUTOMATIC)
        return {
            field.name: _word(getattr(rules, field.name))
            for field in attrs.fields(type(rules))
            if field.name not in self.internal and not field.name.startswith("_")
        }

    def parameters(self) -> dict[str, Any]:
        """The game's OpenSpiel parameter specification: ``players``, the preset or ruleset by name,
        ``max_actions`` and every option.

        >>> sorted(SPECS["python_spite"].parameters())[:4]
        ['caller_paid_from_pile', 'come_at_me_reward_kind', 'come_at_me_two_players', 'decision_seconds']
        """
        return {"players": self.default_players, self.preset: self.words()[0], "max_actions": MAX_ACTIONS, **self.options()}

    def words(self) -> tuple[str, ...]:
        """The names of the presets (Spite and Malice) or rulesets (Spite, :data:`RULESET_WORDS`) as
        the game parameter takes them, the default first.

        >>> SPITE.words(), MALICE.words()[:2]
        (('march-2023', 'july-2023'), ('common', 'book'))
        """
        return tuple(RULESET_WORDS if self is SPITE else self.game.rules_names())


MALICE = Spec(
    name="malice", short_name="python_spite_and_malice", long_name="Python Spite and Malice (spite_rules)",
    preset="preset", internal=("name",), min_players=2, max_players=6, default_players=2,
)
SPITE = Spec(
    name="spite", short_name="python_spite", long_name="Python Spite (spite_rules)",
    preset="ruleset", internal=("ruleset_name",), min_players=3, max_players=9, default_players=4,
)
#: Each registered game's spec, by its OpenSpiel name.
SPECS: dict[str, Spec] = {MALICE.short_name: MALICE, SPITE.short_name: SPITE}


def rules_of(spec: Spec, params: dict[str, Any]) -> Any:
    """The library's rules for OpenSpiel parameters ``params``: the preset or ruleset they name (the
    first by default), with each option that differs from its default changed: an option *at*
    its default keeps the named preset's value (why, and how :func:`params_of` writes any rules:
    docs/openspiel.md, "Parameters"). Spite is played under the automatic referee (misplay calls
    are out of turn): ``referee="called"`` raises IllegalAction.

    >>> rules_of(MALICE, {"preset": "book", "centre_limit": "four"}).version
    '003-book-r1+centre_limit=4'
    >>> rules_of(SPITE, {"ruleset": "july-2023"}).referee.value
    'automatic'
    """
    played = spec.game
    named = str(params.get(spec.preset, spec.words()[0]))
    rules = played.rules_named(RULESET_WORDS.get(named, named) if spec is SPITE else named)
    hints = typing.get_type_hints(type(rules))
    changes: dict[str, Any] = {}
    for name, default in spec.options().items():
        given = params.get(name, default)
        if given == default or name == "referee":
            continue
        if name == "fake_jokers":
            changes[name] = tuple(card.as_fake() for card in parse_cards(str(given)))
        elif name == "target_score":
            changes[name] = None if int(given) == 0 else int(given)
        elif isinstance(given, int):  # a bool too
            changes[name] = given
        else:
            try:
                changes[name] = _convert(name, hints[name], str(given).strip("/").replace("/", ","))
            except OptionError as error:
                raise IllegalAction(f"game parameter {name}={shown(given)}: {error}") from None
    if spec is SPITE:
        if str(params.get("referee", "automatic")).lower() != "automatic":
            raise IllegalAction(f"game parameter referee={params['referee']!r}: OpenSpiel plays Spite under the "
                                "automatic referee (misplay calls are out of turn)")
        changes["referee"] = Referee.AUTOMATIC
    try:
        return attrs.evolve(rules, **changes)
    except (TypeError, ValueError, IllegalAction) as error:
        raise IllegalAction(f"game parameters {shown(params)}: {error}") from None


def params_of(spec: Spec, rules: Any, players: int, max_actions: int = MAX_ACTIONS) -> dict[str, Any]:
    """The game parameters that give ``rules`` at ``players`` seats: the first preset (or ruleset)
    and every option that differs from it, so that any rules can be written (see :func:`rules_of`).

    >>> import spite_rules.malice as sm
    >>> book = sm.Rules.preset("book")
    >>> rules_of(MALICE, params_of(MALICE, book, 2)) == attrs.evolve(book, name="common")
    True
    """
    defaults = spec.options()
    found: dict[str, Any] = {"players": players, spec.preset: spec.words()[0], "max_actions": max_actions}
    for name, default in defaults.items():
        word = _word(getattr(rules, name))
        if word != default:
            found[name] = word
    return found


def _game_type(spec: Spec) -> Any:
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=spec.parameters(),
    )


class CardGame(pyspiel.Game):  # type: ignore[misc]
    """One of the library's games as an OpenSpiel game (see the module's docstring); ``spec`` says
    which. Registered as ``python_spite_and_malice`` (:class:`MaliceGame`) and ``python_spite``
    (:class:`SpiteGame`)."""

    spec: Spec = MALICE

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        spec = self.spec
        self.players = int(given.get("players", spec.default_players))
        self.rules = rules_of(spec, given)
        self.played: AnyGame = spec.game
        self.research = researchable(self.played)
        self.max_actions = int(given.get("max_actions", MAX_ACTIONS))
        self.played.new_game(self.players, seed=0, rules=self.rules)  # refuses a table the rules do not seat
        self.encoding_size, self.encode = ENCODERS[spec.name]
        self.table: Any = None
        if spec.name in ACTION_TABLES:  # fixed action ids (Spite and Malice's)
            self.table = ACTION_TABLES[spec.name](self.rules, self.players)
        distinct = ACTION_BOUND if self.table is None else self.table.size
        info = pyspiel.GameInfo(
            num_distinct_actions=distinct,
            max_chance_outcomes=256,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_actions,
        )
        # the parameters in force, each in the words that read back as themselves (the game's string
        # is what OpenSpiel serializes); an option at its default keeps the preset's value
        named = str(given.get(spec.preset, spec.words()[0]))
        effective = {
            **{name: _word(getattr(self.rules, name)) for name in spec.options()},
            "players": self.players,
            spec.preset: {library: word for word, library in RULESET_WORDS.items()}.get(named, named),
            "max_actions": self.max_actions,
        }  # Spite's referee among them: always "automatic" (rules_of)
        super().__init__(_game_type(spec), info, effective)

    def new_initial_state(self) -> CardState:
        """A game before its deal: the first of the seed's chance nodes."""
        return CardState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer of a seat: its view, as a string and as the RL encoder's tensor."""
        return Observer(self, iig_obs_type, params)


class _Box:
    """A state's Python side, immutable: OpenSpiel deep-copies a Python state's attributes on every
    clone, and the library's states are immutable values, so a copy is the same box."""

    __slots__ = ("seed", "inner", "actions", "ids", "player", "strings")

    def __init__(self, seed: tuple[int, ...], inner: Any, actions: int) -> None:
        self.seed = seed
        self.inner = inner
        self.actions = actions
        #: the legal moves by id and the player to act (OpenSpiel's id), worked out when first asked
        self.ids: dict[int, Any] | None = None
        self.player: int | None = None
        #: each seat's view as text, kept once asked (search asks it at every visit of a node)
        self.strings: dict[int, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return self

    def __reduce__(self) -> tuple[type[_Box], tuple[tuple[int, ...], Any, int]]:
        return _Box, (self.seed, self.inner, self.actions)  # pickled without what it works out


class CardState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`CardGame`: the seed's chance nodes, then the library's state
    (:func:`state_of`)."""

    def __init__(self, card_game: CardGame, box: _Box | None = None) -> None:
        super().__init__(card_game)
        self.box = box if box is not None else _Box((), None, 0)

    # -- helpers ---------------------------------------------------------------------------------

    def _card_game(self) -> CardGame:
        found: CardGame = self.get_game()
        return found

    def _ids(self) -> dict[int, Any]:
        """Each legal move of the seat to act, by action id, ascending."""
        box = self.box
        if box.ids is None:
            played = self._card_game()
            if box.inner is None or self.current_player() < 0:
                box.ids = {}
            elif played.table is not None:
                box.ids = played.table.legal_ids(box.inner)
            else:
                box.ids = dict(enumerate(turn_moves(box.inner)[:ACTION_BOUND]))
        return box.ids

    # -- the OpenSpiel API -----------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or CHANCE before the deal, or TERMINAL."""
        box = self.box
        if box.player is None:
            if box.inner is None:
                box.player = _CHANCE
            else:
                played = self._card_game()  # to_act is None once the deal is over
                seat = played.played.to_act(box.inner) if box.actions < played.max_actions else None
                box.player = _TERMINAL if seat is None else int(seat)
        return box.player

    def _legal_actions(self, player: int) -> list[int]:
        """The action ids of the seat's legal moves, ascending."""
        return list(self._ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next byte of the seed: 256 outcomes, equally likely."""
        return [(byte, 1 / 256) for byte in range(256)]

    def _apply_action(self, action: int) -> None:
        box = self.box
        played = self._card_game()
        if box.inner is None:
            seed = box.seed + (int(action),)
            inner = None
            if len(seed) == SEED_BYTES:
                number = sum(byte << (8 * index) for index, byte in enumerate(seed))
                inner = played.played.new_game(played.players, seed=number, rules=played.rules)
            self.box = _Box(seed, inner, 0)
            return
        inner, _ = played.played.apply(box.inner, self.move_of(action))
        self.box = _Box(box.seed, inner, box.actions + 1)

    def _action_to_string(self, player: int, action: int) -> str:
        played = self._card_game()
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {len(self.box.seed)}: {action}"
        if played.table is not None:
            return str(played.table.describe(int(action)))
        move = self._ids().get(int(action))
        return f"move {action}" if move is None else str(move)

    def move_of(self, action: int) -> Any:
        """The library's move that action id ``action`` stands for now; IllegalAction if it is not
        legal."""
        move = self._ids().get(int(action))
        if move is None:
            raise IllegalAction(f"action {action} is not legal now (legal: {list(self._ids())})")
        return move

    def is_terminal(self) -> bool:
        """Is the deal over (or cut short after ``max_actions``)?"""
        return self.current_player() == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's ``2 * returns - 1`` when the deal is over (as the RL environments reward it),
        0 before and for a game cut short."""
        box = self.box
        played = self._card_game()
        if box.inner is None or not played.played.is_over(box.inner):
            return [0.0] * played.players
        return [2.0 * result - 1.0 for result in played.research.returns(box.inner)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> CardState:
        """A state ``player_id`` cannot tell from this one, the cards it cannot see dealt at random
        by the library's determinization (the seed drawn from ``probability_sampler``, a callable
        giving a number in [0, 1), as OpenSpiel's samplers do; else from Python's ``random``)."""
        box = self.box
        if box.inner is None:
            return CardState(self._card_game(), _Box(box.seed, None, 0))
        draw = probability_sampler() if callable(probability_sampler) else random.random()
        played = self._card_game()
        view = played.played.view(box.inner, player_id)
        inner = played.research.determinize(view, int(draw * 2**31))
        return CardState(played, _Box(box.seed, inner, box.actions))

    def __str__(self) -> str:
        box = self.box
        return f"dealing: seed bytes {list(box.seed)}" if box.inner is None else repr(box.inner)


class Observer:
    """OpenSpiel's observer of a :class:`CardGame`: a seat's view (``SeatView``) as the RL
    encoder's float32 vector (``tensor``, one piece ``"view"`` in ``dict``) and as ``repr`` text.
    The same for the observation and the information state: a view has no memory. Only
    observation types that give the seat its own private cards are offered."""

    def __init__(self, card_game: CardGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("the observer gives a seat's view, which holds its private cards: "
                             "private_info must be SINGLE_PLAYER")
        self.card_game = card_game
        self.tensor = np.zeros(card_game.encoding_size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: CardState, player: int) -> None:
        """Write ``player``'s view of ``state`` into ``tensor`` (zeros before the deal)."""
        inner = state.box.inner
        if inner is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.card_game.encode(self.card_game.played.view(inner, player))

    def string_from(self, state: CardState, player: int) -> str:
        """``player``'s view of ``state`` as text (before the deal: how many seed bytes are drawn)."""
        box = state.box
        if box.inner is None:
            return f"seat {player}: dealing ({len(box.seed)} of {SEED_BYTES} seed bytes drawn)"
        found = box.strings.get(player)
        if found is None:
            found = box.strings[player] = repr(self.card_game.played.view(box.inner, player))
        return found


class MaliceGame(CardGame):
    """``python_spite_and_malice``."""

    spec = MALICE


class SpiteGame(CardGame):
    """``python_spite``."""

    spec = SPITE


def state_of(state: CardState) -> Any:
    """The library's state inside an OpenSpiel state (None before the deal).

    >>> import pyspiel
    >>> state = pyspiel.load_game("python_spite", {"players": 3}).new_initial_state()
    >>> state_of(state) is None
    True
    """
    return state.box.inner


def from_library(card_game: CardGame, inner: Any, seed: Sequence[int] = (0,) * SEED_BYTES) -> CardState:
    """An OpenSpiel state of ``card_game`` holding the library's state ``inner`` (as dealt from the
    seed bytes ``seed``; its action history in OpenSpiel starts empty).

    >>> import pyspiel
    >>> import spite_rules.malice as sm
    >>> card_game = pyspiel.load_game("python_spite_and_malice")
    >>> state = from_library(card_game, sm.new_game(2, seed=5))
    >>> state.current_player() in (0, 1)
    True
    """
    return CardState(card_game, _Box(tuple(seed), inner, 0))


for _registered in (MaliceGame, SpiteGame):
    if _registered.spec.short_name not in [kind.short_name for kind in pyspiel.registered_games()]:
        pyspiel.register_game(_game_type(_registered.spec), _registered)
