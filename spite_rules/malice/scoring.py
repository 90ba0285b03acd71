"""Scoring Spite and Malice: one game's :class:`Result` and points, and a series' totals.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.

Seed 003 (book, and the "Scoring" variation): "The winner of a hand scores 5 points for winning the
hand plus 1 point for each card left in the opponent's pay-off pile. ... In a stalemate the player
with fewer cards scores the difference between the numbers of cards each player has left. The winner
could be the first player to reach a target score, such as 50." Seed 002: "The victor receives one
point. The victor then counts the number of cards left in their opponent's pile ... play 3 games. A
total of 4 points are to be had: 3 points for victories, and 1 point for winning the card-count
total of all won games."

>>> rules = Rules(scoring=Scoring.POINTS)
>>> game_points(rules, winner=0, payoff_left=(0, 6), teams=((0,), (1,)))
(11, 0)
>>> game_points(rules, winner=None, payoff_left=(4, 9), teams=((0,), (1,)))
(5, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from spite_rules.malice.rules import Rules, Scoring

__all__ = ["Result", "game_points", "series_scores", "series_over", "card_totals"]

#: Seed 003: "5 points for winning the hand".
WIN_POINTS = 5
#: Seed 002: "A total of 4 points are to be had" over "3 games".
SET_GAMES = 3


@attrs.frozen
class Result:
    """How one game ended: the winning seat (None for a draw), how (``"pay-off emptied"``,
    ``"backstab"``, ``"stock ran out"``, ``"stalemate"``), the cards left in each pay-off pile, and
    the points each seat earned by the rules' scoring."""

    winner: int | None
    how: str
    payoff_left: tuple[int, ...]
    points: tuple[int, ...]


def game_points(
    rules: Rules, *, winner: int | None, payoff_left: Sequence[int], teams: Sequence[Sequence[int]]
) -> tuple[int, ...]:
    """The points each seat earns for one game.

    ``POINTS``: the winning side scores 5 plus the cards left in the other sides' pay-off piles; in
    a stalemate (no winner, or a winner by fewer pay-off cards) the side with the fewest cards
    scores the difference to each other side (ruling M14). ``SET_OF_THREE``: the victor 1 point (the
    cards are counted by :func:`card_totals`). Partners (``teams``) score alike.

    >>> game_points(Rules(scoring=Scoring.SET_OF_THREE), winner=1, payoff_left=(6, 0), teams=((0,), (1,)))
    (0, 1)
    """
    seats = len(payoff_left)
    points = [0] * seats
    if rules.scoring is Scoring.NONE:
        return tuple(points)
    if rules.scoring is Scoring.SET_OF_THREE:
        if winner is not None:
            points[winner] = 1
        return tuple(points)
    left = {tuple(team): sum(payoff_left[seat] for seat in team) for team in teams}
    mine = next((team for team in left if winner in team), ())
    if mine and left[mine] == 0:
        earned = WIN_POINTS + sum(cards for team, cards in left.items() if team != mine)
        for seat in mine:
            points[seat] = earned
        return tuple(points)
    fewest = min(left.values())
    leaders = [team for team, cards in left.items() if cards == fewest]
    if len(leaders) == 1:
        earned = sum(cards - fewest for cards in left.values())
        for seat in leaders[0]:
            points[seat] = earned
    return tuple(points)


def card_totals(results: Sequence[Result], seats: int) -> tuple[int, ...]:
    """Seed 002's card count: for each seat, the cards left in its opponents' piles over the games
    it won.

    >>> won = [Result(0, "pay-off emptied", (0, 5), (1, 0)), Result(1, "pay-off emptied", (0, 0), (0, 1)),
    ...        Result(1, "pay-off emptied", (6, 0), (0, 1))]
    >>> card_totals(won, 2)
    (5, 6)
    """
    totals = [0] * seats
    for result in results:
        if result.winner is not None:
            totals[result.winner] += sum(
                left for seat, left in enumerate(result.payoff_left) if seat != result.winner
            )
    return tuple(totals)


def series_scores(rules: Rules, results: Sequence[Result], seats: int) -> tuple[int, ...]:
    """The series' scores after ``results`` (the games finished so far).

    ``SET_OF_THREE``: wins so far, and once three games are played 1 point for the larger card total
    (none when the totals tie). Seed 002's worked example:

    >>> games = [Result(0, "pay-off emptied", (0, 5), (1, 0)), Result(1, "pay-off emptied", (0, 0), (0, 1)),
    ...          Result(1, "pay-off emptied", (6, 0), (0, 1))]
    >>> series_scores(Rules(scoring=Scoring.SET_OF_THREE), games, 2)
    (1, 3)
    """
    totals = [0] * seats
    for result in results:
        for seat, points in enumerate(result.points):
            totals[seat] += points
    if rules.scoring is Scoring.SET_OF_THREE and len(results) >= SET_GAMES:
        cards = card_totals(results[:SET_GAMES], seats)
        best = max(cards)
        if cards.count(best) == 1:
            totals[cards.index(best)] += 1
    return tuple(totals)


def series_over(rules: Rules, results: Sequence[Result], seats: int) -> bool:
    """Has the series ended: seed 002's set after three games, or a seat reached the target score?

    >>> series_over(Rules(scoring=Scoring.POINTS, target_score=50), [Result(0, "pay-off emptied", (0, 50), (55, 0))], 2)
    True
    """
    if rules.scoring is Scoring.SET_OF_THREE:
        return len(results) >= SET_GAMES
    if rules.target_score is not None and results:
        return max(series_scores(rules, results, seats)) >= rules.target_score
    return False
