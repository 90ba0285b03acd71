"""spite_rules: the reference rules engine for Spite.

Spite is a trick-taking/shedding card game for 3 to 9 players (Big Two crossed with 500, Poker and
Mao). The public surface is fixed by shared/API.md; everything listed in ``__all__`` is importable
from the top level::

    import spite_rules as sr
    hand = sr.classify(sr.parse_cards("8♠ 9♦ 10♣ 11♥ 13♥"))
    hand.describe()   # 'straight 7 to 11 (with one 13)'
"""

from spite_rules.cards import (
    CONSEC_ORDER,
    GAME_ORDER,
    Card,
    Colour,
    Rank,
    Suit,
    consec_position,
    format_cards,
    parse_card,
    parse_cards,
    sort_cards,
    spite_deck,
    standard_deck,
)
from spite_rules.errors import IllegalAction, InvalidHand, NotationError, SpiteError
from spite_rules.hands import Hand, HandKind, Similarity, classify, compare, similarity
from spite_rules.hand_search import hands_in
from spite_rules.rules import Referee, Rules
from spite_rules.trick import ConsecKind, Direction, Trick, fibonacci_buy_back, judge_play
from spite_rules.actions import (
    Action,
    CallMisplay,
    DropCards,
    Pass,
    Play,
    Surface,
    TakeReward,
    Timeout,
)
from spite_rules.events import (
    BountyClaimed,
    BountyRevealed,
    CardsDropped,
    ComeAtMeFailed,
    ComeAtMeWon,
    MisplayCalled,
    OpeningOffered,
    OutOfTurnPlay,
    OutOfTurnPlayLapsed,
    RewardTaken,
    TimedOut,
    PlayerJoined,
    CardsSwapped,
    SwapExtrasDiscarded,
    RoundStarted,
    BoughtBack,
    ConsecInForce,
    DirectionChanged,
    Event,
    FakeJokersForfeited,
    InstantLoss,
    Misplay,
    Passed,
    Played,
    RoundOver,
    TrickWon,
    TurnSkipped,
    WentOut,
)
from spite_rules.state import State
from spite_rules.round import (
    apply,
    come_at_me_reward,
    first_leader,
    legal_moves,
    new_game,
    next_round,
    setup,
)
from spite_rules.views import SeatView, redact, view
from spite_rules.engine import GAMES, Game, game, game_of
from spite_rules.spite_game import SPITE
from spite_rules.record import GameRecord, RoundRecord, replay
from spite_rules.serialization import SerializationError, from_json, to_json
from spite_rules.scoring import decay, half, round_points, score_round, swap_cards
from spite_rules.research import determinize, returns

__version__ = "0.1.0"

__all__ = [
    "CONSEC_ORDER",
    "GAME_ORDER",
    "Card",
    "Colour",
    "Rank",
    "Suit",
    "consec_position",
    "format_cards",
    "parse_card",
    "parse_cards",
    "sort_cards",
    "spite_deck",
    "standard_deck",
    "SpiteError",
    "NotationError",
    "InvalidHand",
    "IllegalAction",
    "Hand",
    "HandKind",
    "Similarity",
    "classify",
    "compare",
    "similarity",
    "hands_in",
    "Rules",
    "Referee",
    "CallMisplay",
    "DropCards",
    "Surface",
    "TakeReward",
    "Timeout",
    "BountyClaimed",
    "BountyRevealed",
    "CardsDropped",
    "ComeAtMeFailed",
    "ComeAtMeWon",
    "MisplayCalled",
    "OpeningOffered",
    "OutOfTurnPlay",
    "OutOfTurnPlayLapsed",
    "RewardTaken",
    "TimedOut",
    "PlayerJoined",
    "CardsSwapped",
    "SwapExtrasDiscarded",
    "RoundStarted",
    "new_game",
    "SeatView",
    "view",
    "redact",
    "GameRecord",
    "RoundRecord",
    "replay",
    "SerializationError",
    "to_json",
    "from_json",
    "next_round",
    "come_at_me_reward",
    "decay",
    "half",
    "round_points",
    "score_round",
    "swap_cards",
    "first_leader",
    "ConsecKind",
    "Direction",
    "Trick",
    "fibonacci_buy_back",
    "judge_play",
    "Action",
    "Pass",
    "Play",
    "Event",
    "BoughtBack",
    "ConsecInForce",
    "DirectionChanged",
    "FakeJokersForfeited",
    "InstantLoss",
    "Misplay",
    "Passed",
    "Played",
    "RoundOver",
    "TrickWon",
    "TurnSkipped",
    "WentOut",
    "State",
    "setup",
    "apply",
    "legal_moves",
    "GAMES",
    "Game",
    "game",
    "game_of",
    "determinize",
    "returns",
]
