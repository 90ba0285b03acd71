"""Spite's table as a person reads it: the picture ``str(state)`` and ``str(view)`` print, and the
terminal game shows (``repr`` stays the exact value). Never on the engine's paths: only
``__str__`` and the terminal game call it.

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

>>> print(str(setup(hands=["3♦ 9♠", "4♣", "5♣ 9♣"], bounty="J♠")).splitlines()[0])
Spite, ruleset 000-r3 · round 1 · direction higher · buy-back due 1 · bounty J♠ · deck 0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from spite_rules.cards import Card, format_cards
from spite_rules.consecs import required_value
from spite_rules.core.grammar import count
from spite_rules.state import State
from spite_rules.views import SeatView, view

__all__ = ["table_picture", "state_picture"]


def table_picture(
    seen: SeatView,
    paint: Callable[[str], str] = str,
    hands: Sequence[Sequence[Card]] | None = None,
) -> str:
    """The table as seat ``seen.seat`` sees it: one line for the round, one per seat (cards held,
    score, fake jokers, penalties, and marks: you, to act, out, lost, passed, barred), the trick and
    any consec or opening in force, and the seat's own hand. ``paint`` colours cards (the terminal
    game's suits); with ``hands`` (every seat's, as a whole state shows them) each seat's line shows
    its cards and no seat is "you".

    >>> state = setup(hands=["3♦ 9♠", "4♣", "5♣ 9♣"], names=["ann", "bob", "cy"])
    >>> print(table_picture(view(state, 1)))  # doctest: +NORMALIZE_WHITESPACE
    Round 1 · direction higher · buy-back due 1 · bounty none · deck 0
      ann         2 cards  score +0  fake jokers 0  penalties 0  [to act]
      bob         1 card   score +0  fake jokers 0  penalties 0  [you]
      cy          2 cards  score +0  fake jokers 0  penalties 0
    Trick: ann to lead
    Your hand: 4♣
    """
    lines = [
        f"Round {seen.round_number} · direction {seen.direction.value} · buy-back due "
        f"{seen.buy_back_due} · bounty {seen.bounty or 'none'} · deck {seen.deck_size}"
    ]
    for other, name in enumerate(seen.names):
        place = seen.finished.index(other) + 1 if other in seen.finished else None
        marks = [mark for mark, shown in (
            ("you", other == seen.seat and hands is None),
            ("to act", other == seen.to_act),
            (f"out #{place}", place is not None),
            ("lost", other in seen.losers),
            ("passed", other in seen.trick.passed),
            ("barred", other in seen.trick.barred),
        ) if shown]
        lines.append(
            f"  {name:<10} {count(seen.hand_sizes[other], 'card'):<10}score {seen.scores[other]:+d}"
            f"  fake jokers {seen.fake_joker_counts[other]}  penalties {seen.penalties[other]}"
            + (f"  [{', '.join(marks)}]" if marks else "")
            + (f"  {paint(format_cards(hands[other])) or '-'}" if hands is not None else "")
        )
    trick = seen.trick
    if trick.plays:
        shown = "; ".join(f"{seen.names[p.player]}: {p.describe()}" for p in trick.plays[-4:])
        lines.append("Trick: " + paint(shown))
    else:
        lines.append(f"Trick: {seen.names[trick.leader]} to lead")
    needed = required_value(trick, seen.direction)
    if needed is not None:
        lines.append(f"  numerical consec: next must be {needed.plural}")
    if trick.suited is not None:
        lines.append(f"  suited consec: {' '.join(s.value for s in trick.suited if s)}")
    if seen.opening is not None:
        lines.append(f"  opening: lead with a hand including {seen.opening.rank.plural}")
    if hands is not None:
        return "\n".join(lines)
    held = (("fake jokers", seen.fake_jokers), ("earned", seen.earned), ("reward view", seen.reward_cards))
    extra = "".join(f"   {label}: {format_cards(cards)}" for label, cards in held if cards)
    lines.append(f"Your hand: {paint(format_cards(seen.hand))}{extra}")
    return "\n".join(lines)


def state_picture(state: State) -> str:
    """The whole table (``str(state)``): the ruleset, then :func:`table_picture` with every seat's
    cards on its line.

    >>> print(state_picture(setup(hands=["3♦ 9♠", "4♣", "5♣ 9♣"], names=["ann", "bob", "cy"])))  # doctest: +NORMALIZE_WHITESPACE
    Spite, ruleset 000-r3 · round 1 · direction higher · buy-back due 1 · bounty none · deck 0
      ann         2 cards  score +0  fake jokers 0  penalties 0  [to act]  3♦ 9♠
      bob         1 card   score +0  fake jokers 0  penalties 0  4♣
      cy          2 cards  score +0  fake jokers 0  penalties 0  5♣ 9♣
    Trick: ann to lead
    """
    seat = state.to_act if state.to_act is not None else 0
    picture = table_picture(view(state, seat), hands=state.hands)
    return f"Spite, ruleset {state.rules.version} · {picture[0].lower()}{picture[1:]}"


# ``str(state)`` and ``str(view)`` draw the table; ``repr`` stays the exact value. Given here, where
# the pictures live: the values never import the surfaces above them.
setattr(State, "__str__", state_picture)
setattr(SeatView, "__str__", table_picture)
