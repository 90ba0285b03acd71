"""Issue 33: the narration (terminal games, transcripts, the web log) speaks to a seat named "you"
in the second person and makes counted nouns agree, in both games: every event kind is rendered for
"you" and for a named seat, with counts of one and of several, and the English is checked.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable

import pytest

import spite_rules.events as se
import spite_rules.malice.events as me
from spite_rules.cards import parse_card, parse_cards
from spite_rules.malice.actions import Origin
from spite_rules.malice.narrate import describe_event as describe_malice
from spite_rules.narrate import describe_event as describe_spite
from tests.helpers import SPITE_EVENTS

# Each event kind made for seat ``s`` (the subject) with a count ``n``; seat 1 is the other party
# (Spite's table is tests/helpers.py's, which tests/properties/test_frozen_values.py samples too).
SPITE = SPITE_EVENTS

MALICE: dict[type, Callable[[int, int], object]] = {
    me.TurnBegan: lambda s, n: me.TurnBegan(s),
    me.Drew: lambda s, n: me.Drew(s, n),
    me.Played: lambda s, n: me.Played(s, parse_card("K♠"), 0, n, Origin.SIDE, 0, 1),
    me.PayoffTurnedUp: lambda s, n: me.PayoffTurnedUp(s, parse_card("8♦")),
    me.Discarded: lambda s, n: me.Discarded(s, parse_cards("7♣ " * n), 0),
    me.SideCardMoved: lambda s, n: me.SideCardMoved(s, parse_card("7♣"), 0, 1),
    me.Substituted: lambda s, n: me.Substituted(s, parse_card("8♦"), 0, parse_card("K♠"), Origin.PAYOFF, None, 1),
    me.Loaded: lambda s, n: me.Loaded(s, parse_card("8♦"), 1, Origin.HAND),
    me.StackCompleted: lambda s, n: me.StackCompleted(0, ()),
    me.StackSetAside: lambda s, n: me.StackSetAside(0, n),
    me.StockShuffled: lambda s, n: me.StockShuffled(n, n, "the stock ran out"),
    me.ForcedPlayWaiting: lambda s, n: me.ForcedPlayWaiting(s, parse_card("A♠"), tuple(range(n))),
    me.ObligationLapsed: lambda s, n: me.ObligationLapsed(s, (0,), 0),
    me.TurnEnded: lambda s, n: me.TurnEnded(s, "a discard"),
    me.HandsRedealt: lambda s, n: me.HandsRedealt(n),
    me.FinalTurn: lambda s, n: me.FinalTurn(1, s),
    me.GameOver: lambda s, n: me.GameOver(s, "pay-off emptied", (0, n), (n, 0), (n, 0)),
}

CASES = [
    (game, kind, seat, n)
    for game, table in (("spite", SPITE), ("malice", MALICE))
    for kind in table
    for seat in (0, 2)  # "you", and "cy"
    for n in (1, 3)
]
NAMES = ("you", "bob", "cy")
#: Count-noun pairs: a number then its noun, singular or plural.
COUNTED = re.compile(r"\b(\d+) (card|penalty|penalties|fake joker|round|cards|fake jokers|rounds)\b")


def render(game: str, kind: type, seat: int, n: int) -> str:
    table, describe = (SPITE, describe_spite) if game == "spite" else (MALICE, describe_malice)
    return describe(table[kind](seat, n), NAMES)  # type: ignore[arg-type]


def test_every_event_kind_of_both_games_has_a_case() -> None:
    assert set(SPITE) == set(typing.get_args(se.Event))
    assert set(MALICE) == set(typing.get_args(me.Event))


@pytest.mark.parametrize(("game", "kind", "seat", "n"), CASES,
                         ids=[f"{g}-{k.__name__}-{NAMES[s]}-{n}" for g, k, s, n in CASES])
def test_narration_speaks_to_you_and_counts_agree(game: str, kind: type, seat: int, n: int) -> None:
    text = render(game, kind, seat, n)
    assert not re.search(r"\(s\)|\(ies\)|\(es\)", text), text
    assert not re.search(r"\byou's\b", text), text
    assert not re.search(r"\ba [AEFHILMNORSX8]\b|\ba (ace|eight)\b", text), text  # "an A", "an 8"
    for number, noun in COUNTED.findall(text):
        plural = noun.endswith("s")
        assert plural == (number != "1"), f"{number} {noun}: {text}"
    for word in re.findall(r"\byou (?:\w+ly )?(\w+)", text):
        # Second person: no verb in -s after "you" ("you play", "you pass", "you have").
        assert word in ("pass",) or not word.endswith("s") or word.endswith("ss"), text
    for word in re.findall(r"\bcy (?:\w+ly )?(\w+)", text):
        # Third person for a named seat: "cy plays", never "cy play".
        assert word not in {"play", "pass", "skip", "win", "go", "draw", "have", "are", "lead", "lose",
                            "call", "claim", "take", "drop", "swap", "turn", "discard", "move", "put",
                            "load", "end", "forfeit", "LOSE"}, text


def test_the_named_seat_and_you_read_differently_where_a_seat_acts() -> None:
    # A few sentences in full: the verbs and possessives of "you" and of a named seat.
    assert render("spite", se.Played, 0, 1) == "you play 9♠ (single 9)"
    assert render("spite", se.Played, 2, 1) == "cy plays 9♠ (single 9)"
    assert render("spite", se.Passed, 0, 1) == "you pass"
    assert render("spite", se.TurnSkipped, 0, 1) == "you skip a turn for a misplay (1 more owed)"
    assert render("spite", se.ComeAtMeFailed, 0, 1) == "your come-at-me fails: 1 penalty [come-at-me.failed]"
    assert render("spite", se.ComeAtMeFailed, 2, 3) == "cy's come-at-me fails: 3 penalties [come-at-me.failed]"
    assert render("spite", se.MisplayCalled, 0, 1) == "you correctly call misplay on bob and win 1 card"
    assert render("spite", se.TrickWon, 0, 1) == "you win the trick; you lead"
    assert render("malice", me.TurnBegan, 0, 1) == "your turn"
    assert render("malice", me.TurnBegan, 2, 1) == "cy's turn"
    assert render("malice", me.Played, 0, 1) == "you play K♠ from bob's side 1 to centre 1 (as an A)"
    assert render("malice", me.Drew, 0, 1) == "you draw 1 card"
    assert render("malice", me.FinalTurn, 0, 1) == "you have emptied your pay-off pile: bob has one more turn"


def test_a_preset_for_two_seats_says_exactly_two() -> None:
    import spite_rules.malice as sm
    from spite_rules.errors import IllegalAction

    with pytest.raises(IllegalAction, match="these rules seat exactly 2 players, not 3"):
        sm.new_game(3, seed=1, rules=sm.Rules.preset("book"))


def test_a_transcript_names_the_bot_of_every_seat() -> None:
    from spite_rules.malice.cli import transcript as malice_transcript
    from spite_rules.transcript import transcript

    head = transcript(4, seed=1).splitlines()[0]
    assert "4 players, seed 1, 1 round, bots greedy,random,random,greedy (seat 0 first)" in head
    assert "3 players, seed 1, bots greedy,random,greedy" in malice_transcript(3, seed=1).splitlines()[0]
