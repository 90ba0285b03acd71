"""The rules of Spite (seed 000) in the project's own words, as numbered clauses with stable ids.

Layer: Spite: values — may import the core, the cards and the errors.

docs/rules.md is generated from this module (``python -m spite_rules.clauses > docs/rules.md``):
edit the clauses here, never the generated file. Each :class:`Clause` states one rule as the engine
implements it, in the order of seed 000, with:

- ``id``: stable, lowercase and dot-separated, the section first (``consec.numerical.wrap``). The
  engine names the clause a play breaks by this id: the ``rule`` of a ``Misplay``,
  ``InstantLoss`` or ``ComeAtMeFailed`` event. Tests that pin a clause are marked
  ``@pytest.mark.rule("id")``.
- ``section``: the seed 000 section it comes from;
- ``text``: the rule, in one to four plain sentences;
- ``rulings``: the entries of docs/rulings.md that settle what the seed leaves open in it;
- ``quote``: the words of seed 000 it rests on, verbatim (links shown as their text);
- ``rulesets``: the named rulesets (:data:`~spite_rules.rules.RULESETS`) that use it: both seed
  000 and the July 2023 revision, unless the clause is one of the differences V1-V10
  (docs/ruleset-2023-07.md), which the revision replaces or adds;
- ``revision``: the revision's words it rests on, where they differ from seed 000's (as
  docs/ruleset-2023-07.md gives them).

>>> clause("consec.numerical.wrap").section
'Numerical Consec'
>>> "T14" in clause("consec.numerical.lower-wrap").rulings
True
>>> clause("deck.fake-jokers.at-least-five").rulesets
('2023-07',)
>>> len(clauses_of("000")) < len(CLAUSES) and len(clauses_of("2023-07")) < len(CLAUSES)
True
"""

from __future__ import annotations

import difflib
import re

import attrs

from spite_rules.core.clause_tables import ClauseText, render_clauses
from spite_rules.rules import RULESETS

__all__ = [
    "Clause", "CLAUSES", "BY_ID", "clause", "clauses_of", "render_markdown", "render_clauses", "BOTH",
    "ClauseText", "ruleset_note",
]

#: The rulesets of a clause that both use: seed 000 and the July 2023 revision.
BOTH: tuple[str, ...] = tuple(RULESETS)
#: Seed 000 only (the revision replaces the clause).
SEED_ONLY: tuple[str, ...] = ("000",)
#: The July 2023 revision only (a rule it adds or changes).
REVISION_ONLY: tuple[str, ...] = ("2023-07",)


@attrs.frozen
class Clause:
    """One rule of Spite, stated as the engine implements it.

    >>> clause("buy-back.fibonacci").quote[:40]
    'The number of additional cards they must'
    """

    id: str
    section: str
    text: str
    rulings: tuple[str, ...] = ()
    quote: str = ""
    rulesets: tuple[str, ...] = BOTH
    revision: str = ""


_OBJECTIVE = "Objective"
_DECK = "The Deck"
_DEAL = "The Initial Deal"
_FIRST = "The First Player"
_TRICKS = "Playing Tricks"
_LEADING = "Valid Leading Hands"
_FOLLOWING = "Valid Following Hands"
_BUY_BACK = "Buy Back"
_RANKINGS = "Hand Rankings"
_WILDCARDS = "Wildcards"
_DIRECTION = "Game Direction"
_JOKERS = "Joker Hands"
_FAKES = "Fake Jokers"
_BOUNTY = "The Bounty Card"
_CONSECS = "Consecutives"
_NUMERICAL = "Numerical Consec"
_SUITED = "Suited Consec"
_COME_AT_ME = "Come At Me"
_SCORING = "Scoring"
_SWAPPING = "Card Swapping"
_MISPLAYS = "Misplays"


CLAUSES: tuple[Clause, ...] = (
    # -- Objective ------------------------------------------------------------------------------
    Clause(
        "objective.going-out",
        _OBJECTIVE,
        "A seat goes out when a play that stands empties its regular hand, and seats take places "
        "in the order they go out. A seat that is out takes no more turns; a trick in progress "
        "goes on without it.",
        rulings=("R24",),
        quote="the winners and losers are determined by the ordering in which players got rid of "
        "all the cards in their hands",
    ),
    Clause(
        "objective.round-end",
        _OBJECTIVE,
        "The round ends as soon as only one seat is still in it (neither gone out nor lost). Its "
        "finishing order is: the seats that went out, in order; then the seat left; then the seats "
        "that lost at once (buy-back.twenty-cards, joker-hands.last-plays), the earliest loser "
        "last. That order is scored (scoring.points).",
        rulings=("R23",),
        quote="The round is played until there is only one player with cards remaining.",
    ),
    # -- The Deck -------------------------------------------------------------------------------
    Clause(
        "deck.composition",
        _DECK,
        "The deck is three six-handed 500 decks combined, 189 cards. Each 63-card deck holds a "
        "regular 52-card deck, the 11s and 12s of each suit, 13♥ and 13♦, and one joker, so the "
        "deck has six 13s (hearts and diamonds only) and three jokers.",
        quote="63 cards each, a total of 189 cards",
    ),
    Clause(
        "deck.fake-jokers",
        _DECK,
        "Five fake jokers, cards with the other back (by default ~4♣ ~8♥ ~10♠ ~Q♦ ~A♣, the "
        "`Rules.fake_jokers` option), are set aside as the fake joker pile. They are never dealt, "
        "shuffled into the deck or discarded.",
        quote="approximately 5 cards (of arbitrary suits and face values) from a deck with a "
        "different card-back design should be set aside from the main deck",
    ),
    Clause(
        "deck.fake-jokers.at-least-five",
        _DECK,
        "At least five fake jokers are set aside: rules setting fewer (`Rules.fake_jokers`) are "
        "refused (the `Rules.fake_jokers_at_least` option). A table may set aside more, which "
        "matters for hands of face-down fake jokers (fake-jokers.hand).",
        rulings=("V1",),
        rulesets=REVISION_ONLY,
        revision="at least 5",
    ),
    # -- The Initial Deal -----------------------------------------------------------------------
    Clause(
        "deal.eleven-cards",
        _DEAL,
        "A game seats 3 to 9 players. At the start of each round the deck is shuffled "
        "(deterministically, from the game's seed) and each seat is dealt 11 cards face down; the "
        "rest of the deck stays face down. Play goes clockwise: from each seat to the next seat "
        "number, and from the last seat to seat 0.",
        quote="each player is dealt 11 cards face down",
    ),
    Clause(
        "deal.bounty",
        _DEAL,
        "After the deal the top card of the deck is revealed as the bounty card (bounty.claim). A "
        "joker is never left as the bounty (bounty.joker-reshuffled).",
        quote="The top card of the deck is revealed as the bounty card",
    ),
    # -- The First Player -----------------------------------------------------------------------
    Clause(
        "opening.first-round",
        _FIRST,
        "In the first round of a game the lead is offered to the seats holding a card of the "
        "opening rank, starting with 3s, one at a time clockwise from seat 0; each may lead or "
        "decline (a fake joker of that face earns no offer). Once every holder has declined, the "
        "next rank in game order (3 to 12, 13, J, Q, K, A, 2) is offered, again from seat 0, to "
        "every holder. If nobody leads at any rank, seat 0 must lead any valid hand.",
        rulings=("R20",),
        quote="If no player has any 3s (or those with 3s do not wish to play them) then the round "
        "may begin by applying the same rule to 4s, then 5s, and so forth, until someone is "
        "willing to lead.",
    ),
    Clause(
        "opening.rank",
        _FIRST,
        "The opening lead must be a valid hand that includes a card whose face value is the rank "
        "on offer; it may be a wild pair or a poker hand including it, but a 13 standing in for "
        "the rank and a fake joker do not count. Any other opening lead is a misplay: the offer "
        "moves on, and the misplaying seat is offered nothing more in the opening.",
        rulings=("R20",),
        quote="any player who was dealt any 3s may play a hand that includes one of more of them.",
    ),
    Clause(
        "opening.later-rounds",
        _FIRST,
        "In every later round the seat with the most negative score leads the first trick with "
        "any valid hand. Among seats tied on that score, the one that most recently came last in "
        "a round leads, or the lowest seat if none of them ever did. If no score is negative, the "
        "latest round's loser leads; a late joiner counts as the most recent loser.",
        rulings=("R21", "S34"),
        quote="the player with the most negative score shall lead the first trick by playing any "
        "valid hand.",
    ),
    # -- Playing Tricks -------------------------------------------------------------------------
    Clause(
        "trick.turn-order",
        _TRICKS,
        "Turns go clockwise to every seat still in the round that is not barred by a misplay, "
        "including seats that have passed: on its turn a passed seat may pass again or buy back "
        "(buy-back.required). Seats that have gone out or lost are passed over.",
        rulings=("T10",),
        quote="On their turn, each player must decide to play or pass.",
    ),
    Clause(
        "trick.pass",
        _TRICKS,
        "On any turn except a lead the seat may pass. A seat that has passed in a trick may play "
        "in it again only by buying back.",
        rulings=("T10",),
        quote="Once a player passes, they may no longer participate in the trick unless they buy "
        "back.",
    ),
    Clause(
        "trick.timing",
        _TRICKS,
        "The engine keeps no clock, but tells a front end how long the seat to act has to decide "
        "(`State.time_allowance`): 5 seconds (the `Rules.decision_seconds` option), plus one for "
        "each card it has just picked up by a buy-back or a come-at-me reward. A `Timeout` counts as a "
        "pass: on a lead the seat is passed and the lead moves to the next seat, in the opening it "
        "declines the offer, and during a come-at-me reward it forfeits the reward.",
        rulings=("R31",),
        quote="if the player fails to play a valid hand before the countdown finishes then they "
        "shall be deemed to have passed.",
    ),
    Clause(
        "trick.win",
        _TRICKS,
        "The trick ends as soon as every other seat still in the round and not barred has passed "
        "since the last play that stands; the seat that made that play wins the trick and leads "
        "the next. The cards of a finished trick go to the discard, except fake jokers "
        "(fake-jokers.return-to-pile).",
        rulings=("T10",),
        quote="The last player to have played before everyone else has passed in that trick is "
        "the winner of that trick and shall lead the next trick.",
    ),
    Clause(
        "trick.winner-went-out",
        _TRICKS,
        "If the winner of a trick is no longer in the round (it went out, or lost), the next seat "
        "clockwise still in the round leads the next trick.",
        rulings=("R24",),
        quote="If that player has gone out by playing their final card(s) while winning the "
        "trick, then the next player in clockwise sequence shall lead the next trick.",
    ),
    # -- Valid Leading Hands --------------------------------------------------------------------
    Clause(
        "trick.lead",
        _LEADING,
        "The leader plays any valid hand; a lead cannot be passed. The lead sets the trick's "
        "arity (its number of cards) and the hand to beat, except that a joker hand led while "
        "lower and a fake joker led face-up or face-down leave the arity open, for the next hand "
        "played to set.",
        rulings=("T18",),
    ),
    Clause(
        "hands.valid",
        _LEADING,
        "A play must form one valid hand: a single card; a pair, trips or quads (two to four "
        "cards of one value, 13s allowed as wildcards); a five-card poker hand (hands.poker); or "
        "a joker hand (a natural joker alone, or five or more natural cards of one value). "
        "Anything else is not a hand and playing it is a misplay: among others a joker with any "
        "other card, five or more 13s, and five or more cards of one value with a 13 among them.",
        rulings=("H2", "H3", "H8", "H9"),
        quote="Two, three, or four cards of the same value (pairs, trips, or quads).",
    ),
    Clause(
        "hands.poker",
        _LEADING,
        "A poker hand is exactly five cards forming a straight, a full house, a flush, a four of "
        "a kind (four cards of one value and a kicker of another) or a straight flush (a straight "
        "that is also a flush). Five cards that form several kinds count as the highest of them. "
        "X X X X 13 is a four of a kind, its 13 the lowest possible kicker.",
        rulings=("H3", "H5"),
        quote="Poker hands (i.e. exactly five cards) of a straight, full house, flush, or "
        "four-of-a-kind",
    ),
    # -- Valid Following Hands ------------------------------------------------------------------
    Clause(
        "trick.follow.arity",
        _FOLLOWING,
        "Every hand after the lead must have the trick's arity: as many cards as the hand that "
        "set it. Only joker hands, while no consec is in force, may ignore it "
        "(joker-hands.arity); a face-up fake joker is a single, so it follows only singles.",
        quote="all plays in the trick must follow the arity",
    ),
    Clause(
        "trick.follow.strictly-better",
        _FOLLOWING,
        "Every hand after the lead must be strictly better than the hand in play: strictly "
        "higher while the direction is higher, strictly lower while it is lower. A level hand "
        "never beats. The exceptions are natural 7s on 7s (direction.seven-on-seven), a numerical "
        "consec (consec.numerical), and the hand after a reset by a joker hand while lower or by "
        "a face-down fake joker, which may be any hand of the arity.",
        rulings=("H1", "H7"),
        quote="must be strictly better than the previous hand, unless permitted elsewhere within "
        "these rules.",
    ),
    # -- Buy Back -------------------------------------------------------------------------------
    Clause(
        "buy-back.required",
        _BUY_BACK,
        "A seat that has passed in the trick (by passing, by timing out or by a turn skipped for "
        "a penalty) must announce \"buy back N\" with its play to play in that trick again. "
        "Playing without the announcement is a misplay.",
        rulings=("T10",),
        quote="If a player who has passed during a trick wishes to re-enter into play of that "
        "trick",
    ),
    Clause(
        "buy-back.draw-after-play",
        _BUY_BACK,
        "The buy-back is announced with the play, and the play is judged first: only if it "
        "stands does the seat draw the cards from the top of the deck, so the drawn cards cannot "
        "be used for that play. If the deck runs short, the discards of finished tricks are "
        "shuffled (from the game's seed) under it; if there are still too few, the seat draws "
        "what there is.",
        rulings=("T11",),
        quote="In other words, the buy-back cards shall not be used to allow them to re-enter "
        "into play.",
    ),
    Clause(
        "buy-back.fibonacci",
        _BUY_BACK,
        "The cards a buy-back draws follow one count shared by the whole table, stepping through "
        "the Fibonacci sequence: the round's first buy-back draws 1, then 1, 2, 3, 5, 8, 13, and "
        "so on.",
        rulings=("T11",),
        quote="The number of additional cards they must pick up is a global counter shared by "
        "all players on the table and follows the Fibonacci sequence",
    ),
    Clause(
        "buy-back.counter-resets",
        _BUY_BACK,
        "The count steps on only when a buy-back play stands; a misplayed buy-back draws nothing "
        "and leaves it where it was. It resets to its first step at the start of each round.",
        rulings=("T11", "S35"),
        quote="The count resets at the beginning of each round.",
    ),
    Clause(
        "buy-back.count",
        _BUY_BACK,
        "Announcing a buy-back count other than the one due is a misplay, and so is announcing a "
        "buy-back at all when the seat has not passed in this trick (for example when it has "
        "already bought back).",
        rulings=("T10", "T11"),
        quote="It is a misplay to buy back for an incorrect number of cards.",
    ),
    Clause(
        "buy-back.continue",
        _BUY_BACK,
        "A seat that has bought back plays on in the trick without buying back again, until it "
        "passes again.",
        rulings=("T10",),
        quote="Once a player has bought back into a trick, they may continue to play on their "
        "subsequent turns within this trick without buying back until they pass again.",
    ),
    Clause(
        "buy-back.twenty-cards",
        _BUY_BACK,
        "A seat whose regular hand holds 20 or more cards after a play that stands (counted after "
        "any buy-back draw) loses the round at once. The play stands, the seat plays no more, and "
        "the round goes on without it; instant losers take the last places, the earliest loser "
        "last (objective.round-end).",
        rulings=("R23",),
        quote="If the number of cards in a player's hand reaches or exceeds 20, they instantly "
        "lose the round.",
    ),
    # -- Hand Rankings --------------------------------------------------------------------------
    Clause(
        "hands.single",
        _RANKINGS,
        "Single cards rank by face value: 3 lowest, then 4 to 10, 11, 12, 13, J, Q, K, A, and 2 "
        "highest. Suits are all equal, so two singles of one value are level.",
        quote="Individual cards are ranked by their face value, with 3 being the lowest and 2 "
        "being the highest (i.e. 3 to 13, J, Q, K, A, 2), with all suits being equal.",
    ),
    Clause(
        "hands.multiple",
        _RANKINGS,
        "Pairs, trips and quads rank by their value, in the order of single cards; a higher "
        "value beats a lower one whatever their 13s or similarity.",
        rulings=("H1",),
        quote="A hand consisting of multiple cards of the same value (pairs, trips, quads) are "
        "ranked by the value as above.",
    ),
    Clause(
        "hands.similarity",
        _RANKINGS,
        "Two multiples of the same value rank first by their 13s (fewer is higher: "
        "wildcards.below-natural), then by similarity, from low to high: mixed (black and red "
        "cards), coloured (one colour, two suits), suited (one suit). A 13 counts with its "
        "printed suit. Multiples equal in value, number of 13s and similarity are level.",
        rulings=("H1",),
        quote="Mixed (a hand consisting of both black and red cards)",
    ),
    Clause(
        "hands.poker.order",
        _RANKINGS,
        "Poker hands rank by kind: straight, full house, flush, four of a kind, straight flush "
        "(usual poker with flush and full house swapped). Within a kind, straights compare their "
        "top card, flushes all five values from the highest down, full houses the trips then the "
        "pair, fours of a kind the quads then the kicker; then fewer 13s rank higher. Suits "
        "never break a tie: poker hands equal in all of these are level.",
        rulings=("H5", "H7"),
        quote="Flushes are ranked higher than full houses.",
    ),
    Clause(
        "hands.poker.top-straight",
        _RANKINGS,
        "Straights run in the order 3 4 5 6 7 8 9 10 11 12 J Q K A 2, with 13 left out: "
        "11-12-J-Q-K is a straight and 10-J-Q-K-A is not. Straights never wrap, so 3-4-5-6-7 is "
        "the lowest straight and J-Q-K-A-2 the highest.",
        rulings=("H6",),
        quote="J-Q-K-A-2 is a valid (and the highest) straight.",
    ),
    # -- Wildcards ------------------------------------------------------------------------------
    Clause(
        "wildcards.thirteens-alone",
        _WILDCARDS,
        "A hand of only 13s (one to four of them) is a natural hand of 13s and ranks between the "
        "12s and the Js of its size. Five or more 13s are not a hand.",
        rulings=("H2", "H8"),
        quote="13 is ranked between 12 and J when played in a hand that consists solely of 13s",
    ),
    Clause(
        "wildcards.stand-in",
        _WILDCARDS,
        "Played with other cards, each 13 is a wildcard that stands in for a value: any card X "
        "plus a 13 is a pair of Xs. A wild multiple may hold any number of 13s but at least one "
        "natural card (X 13 13 13 is quads of X), and each 13 keeps its printed suit. 13s never "
        "make a joker hand, and jokers are never wildcards.",
        rulings=("H1", "H2", "H3", "H9"),
        quote="any card X plus a 13 is considered a pair of Xs.",
    ),
    Clause(
        "wildcards.poker-lowest",
        _WILDCARDS,
        "In a poker hand the 13s always make the lowest valid reading: the lowest kind first "
        "(straight, then full house, flush, four of a kind), then the lowest values. So "
        "4-4-J-J-13 is 4s full of Js and 8-9-10-11-13 is the straight 7 to 11. A 13 completes a "
        "flush only in its own suit (reading as a 3), and a hand with 13s is never a straight "
        "flush.",
        rulings=("H4",),
        quote="When 13s are used in a poker hand, it shall always form the lowest valid hand.",
    ),
    Clause(
        "wildcards.below-natural",
        _WILDCARDS,
        "A hand with one or more 13s as wildcards ranks below the natural hand of the same "
        "value, whatever their similarities, and a hand with more 13s ranks below the same hand "
        "with fewer.",
        rulings=("H1",),
        quote="a hand with more 13s is ranked lower than the same hand with fewer 13s.",
    ),
    # -- Game Direction -------------------------------------------------------------------------
    Clause(
        "direction.start-higher",
        _DIRECTION,
        "Each round starts in the higher direction. While the direction is lower, each following "
        "hand must be strictly lower than the hand in play instead of higher.",
        rulings=("T13",),
        quote="Each round starts in the higher direction.",
    ),
    Clause(
        "direction.sevens",
        _DIRECTION,
        "A seat playing a hand of natural 7s (any number of 7s with no 13s, a joker hand of five "
        "or more 7s too, never a poker hand) may announce a direction with it; without an "
        "announcement the direction is unchanged. Announcing a direction with any other hand is a "
        "misplay. A joker hand that changes the direction has the effect of the direction it "
        "leaves: announcing lower it resets the ranking, announcing higher only a higher joker "
        "hand beats it.",
        rulings=("T12",),
        quote="If a player does not announce a direction, the direction remains unchanged.",
    ),
    Clause(
        "direction.announce-opposite",
        _DIRECTION,
        "An announced direction must be the opposite of the current one, and takes effect at "
        "once. Announcing the current direction is a misplay.",
        quote="It is a misplay to announce the same direction as what is currently in play.",
    ),
    Clause(
        "direction.seven-on-seven",
        _DIRECTION,
        "Natural 7s played on natural 7s of the same arity (as many cards) in the same trick, "
        "with no consec in force, stand whatever their similarity and reverse the direction by "
        "themselves; five or more 7s on as many 7s too, though equal joker hands never beat each "
        "other otherwise. Any announcement with them is a misplay. Under a consec, with a 13 among "
        "them, or with another number of cards, 7s on 7s are ranked like any other hand.",
        rulings=("T12",),
        quote="which will immediately reverse the direction, regardless of whether a direction "
        "change was made by the previous hand of 7s.",
    ),
    Clause(
        "direction.bounce",
        _DIRECTION,
        "A hand of natural 3s (any number of 3s with no 13s, a joker hand of five or more 3s too, "
        "never a poker hand) played while the direction is lower turns it back to higher at once, "
        "under a consec too (consec.numerical.lower-wrap). A joker hand of 3s that bounces is a "
        "joker hand going higher: only a higher joker hand beats it.",
        rulings=("T12", "T14"),
        quote="If a hand consisting solely of natural 3s is played while the game is going lower",
    ),
    Clause(
        "direction.persists",
        _DIRECTION,
        "The direction carries over from trick to trick for the rest of the round, and goes back "
        "to higher at the start of the next round.",
        rulings=("T13", "S35"),
    ),
    # -- Joker Hands ----------------------------------------------------------------------------
    Clause(
        "joker-hands.arity",
        _JOKERS,
        "While no consec is in force, a joker hand may be led or followed whatever the trick's "
        "arity.",
        quote="Joker hands can be played without following the arity of the trick when there are "
        "no consecutives in force.",
    ),
    Clause(
        "joker-hands.natural-joker",
        _JOKERS,
        "A natural joker is a joker on its own. It is the lowest joker hand and beats any "
        "non-joker hand, and in a trick a natural joker may also be played on another natural "
        "joker.",
        rulings=("H9",),
        quote="A natural joker is the lowest ranked joker hand. It can beat any non-joker hand "
        "and other natural jokers.",
    ),
    Clause(
        "joker-hands.five-of-a-kind",
        _JOKERS,
        "Five or more natural cards of one value (no 13s) are a joker hand, ranked above natural "
        "jokers: by size first, then by value (six 3s beat five 2s). Two of the same size and "
        "value are level, so neither beats the other.",
        rulings=("H3", "H8"),
        quote="These joker hands are ranked by hand size, and then by numeric value within the "
        "same hand size.",
    ),
    Clause(
        "joker-hands.higher-beats-all",
        _JOKERS,
        "While the direction is higher, a joker hand played on a trick beats whatever non-joker "
        "hand is in play, whatever its arity.",
        quote="When the game direction is higher, joker hands can beat any non-joker hands, and "
        "can only be beaten by higher joker hands.",
    ),
    Clause(
        "joker-hands.beaten-by-higher-jokers",
        _JOKERS,
        "While the direction is higher, a joker hand in play, led or followed, can be beaten "
        "only by a higher joker hand (or, for a natural joker, by another natural joker). "
        "Playing any other hand on it is a misplay.",
        quote="can only be beaten by higher joker hands.",
    ),
    Clause(
        "joker-hands.lower-reset",
        _JOKERS,
        "While the direction is lower, a joker hand played on a trick resets the ranking: the "
        "next seat may play any valid hand of the trick's arity, or another joker hand. The "
        "reset also starts the consec run again (consec.eligible-hands).",
        rulings=("T15",),
        quote="When the direction is lower, joker hands reset the ranking in play such that any "
        "valid hand that follows the trick's arity may be played on top of it.",
    ),
    Clause(
        "joker-hands.lead-higher",
        _JOKERS,
        "A joker hand led while the direction is higher is the highest hand of the trick: only a "
        "higher joker hand may follow it.",
        quote="When the direction is higher, joker hands are the highest ranked hands and can only "
        "be beaten by higher jokers.",
    ),
    Clause(
        "joker-hands.lead-lower-open",
        _JOKERS,
        "A joker hand led while the direction is lower leaves the arity open: the next seat may "
        "play any valid hand, and that hand sets the arity and the hand to beat.",
        quote="When the direction is lower, the arity of the trick is indeterminate.",
    ),
    Clause(
        "joker-hands.last-plays",
        _JOKERS,
        "A seat's last play of the round (the one that empties its regular hand) and its second "
        "last (its play just before that one, whatever it picked up in between) may not be joker "
        "hands. Only plays that stood count; misplays do not, and fake jokers and earned cards "
        "played do. If it happens the play stands, but the seat loses the round at once and "
        "plays no more (ranked as in buy-back.twenty-cards).",
        rulings=("R22", "R23"),
        quote="If a player plays a joker hand as their last or second last play, the play stands "
        "but they immediately become the loser of the round.",
    ),
    # -- Fake Jokers ----------------------------------------------------------------------------
    Clause(
        "fake-jokers.earn-by-call",
        _FAKES,
        "Under the called referee (the default), the first seat to call a misplay correctly wins "
        "every fake joker the misplayer held when it misplayed; if it held none, the caller takes "
        "one from the fake joker pile. Calls count in the order they reach the engine, which "
        "stands in for the coin flip: a later correct call on the same misplay wins nothing and "
        "is not a misplay.",
        rulings=("R27",),
        quote="If the player who misplayed had any fake joker(s) in their possession at the time "
        "of misplay, these fake joker(s) shall be transferred to the player who correctly called "
        "the misplay as a reward.",
        rulesets=SEED_ONLY,
    ),
    Clause(
        "fake-jokers.transfer-to-caller",
        _FAKES,
        "Under the called referee (the default), the first seat to call a misplay correctly wins "
        "every fake joker the misplayer held when it misplayed; if it held none, the call wins "
        "nothing (it is still correct, not a misplay). Calls count in the order they reach the "
        "engine: a later correct call on the same misplay wins nothing and is not a misplay.",
        rulings=("R27", "V3", "V4"),
        rulesets=REVISION_ONLY,
        revision="transferred to the player who correctly called the misplay; returned to the "
        "common pile only when the table settled the misplay by discussion (no caller rewarded)",
    ),
    Clause(
        "fake-jokers.consensus",
        _FAKES,
        "A misplay's penalties apply at once, but the fake jokers it forfeits are held back while "
        "it may be called: until the next action that is not a call, or the end of the round. "
        "That action is the table's consensus, and the uncalled fake jokers return to the pile; a "
        "call after it is late: correct, but it wins nothing (misplays.incorrect-call). "
        "Under the automatic referee (`Referee.AUTOMATIC`, for bots) nothing can be called and "
        "forfeited fake jokers go straight to the pile.",
        rulings=("R27",),
        quote="In this case, any fake joker(s) possessed by the player who misplayed shall be "
        "returned to the common pile.",
    ),
    Clause(
        "fake-jokers.earn-by-bounty",
        _FAKES,
        "A seat also earns fake jokers by going out on the bounty card's value and claiming the "
        "right number of them (bounty.claim, bounty.claim-count).",
        rulings=("R25",),
        quote="Going out of a round by playing a hand consisting solely of natural cards with the "
        "same value as the bounty card.",
    ),
    Clause(
        "fake-jokers.held-apart",
        _FAKES,
        "Fake jokers are held apart from a seat's regular hand: they do not count in it for "
        "going out, the bounty or the 20-card loss, and they are never dealt or swapped. A seat "
        "goes out when its regular hand is empty, whatever fake jokers or earned cards it still "
        "holds.",
        quote="A player is considered to have gone out of a round when their regular hand is "
        "exhausted, regardless of whether they still hold any fake jokers.",
    ),
    Clause(
        "fake-jokers.persist",
        _FAKES,
        "The fake jokers a seat holds carry over from round to round until it plays them or "
        "forfeits them by a misplay.",
        rulings=("S35",),
        quote="Fake jokers persist across rounds until they are played or lost.",
    ),
    Clause(
        "fake-jokers.return-to-pile",
        _FAKES,
        "A fake joker that has been played, face-up or face-down, goes back to the fake joker "
        "pile at once (not to the discard) and may be earned again.",
        quote="Once a fake joker has been played, it shall be returned to the fake joker pile and "
        "may be earned by other players.",
    ),
    Clause(
        "fake-jokers.alone",
        _FAKES,
        "A fake joker is always played on its own, as a single: combining it with regular cards "
        "or with another fake joker is a misplay (under 2023-07, five or more face-down are a "
        "hand: fake-jokers.hand). Under 000 the same holds for an earned card "
        "(fake-jokers.pile-empty; under 2023-07, fake-jokers.earned-cards-free).",
        rulings=("T19",),
        quote="Fake jokers can be played either face-up or face-down.",
    ),
    Clause(
        "fake-jokers.face-up",
        _FAKES,
        "Played face-up other than to lead (under 2023-07 to lead too: fake-jokers.lead-face-up), "
        "a fake joker is a single card of its face value in every respect: it follows only singles, must beat the hand in play and is beaten like "
        "that card, counts towards consecs, and may be played under a consec.",
        rulings=("T18", "T19"),
        quote="When played face-up, they will take on their natural face value and can be used "
        "whenever that face value is valid.",
    ),
    Clause(
        "fake-jokers.face-down",
        _FAKES,
        "Only a fake joker may be played face-down; a regular or earned card played face-down is "
        "a misplay. A face-down fake joker resets the ranking: the next seat may play any valid "
        "hand of the trick's arity (after a face-down lead, any valid hand), even on a joker "
        "hand while higher, and the consec run starts again. It may not be played while a consec "
        "is in force (consec.no-13s-or-jokers).",
        rulings=("T15", "T19"),
        quote="When played face-down during a trick, they reset the ranking in play such that any "
        "valid hand that follows the trick's arity may be played on top of it.",
    ),
    Clause(
        "fake-jokers.hand",
        _FAKES,
        "Five or more fake jokers played face-down together are a hand, ranked by their count "
        "alone. It may lead or be played on any hand, whatever the arity and the direction and "
        "while a consec is in force, and leaves the trick's consecs as they were. A seat playing "
        "a 2 under a suited-but-not-numerical consec going higher must still announce "
        "\"unbeatable\" (consec.suited.unbeatable). Two to four face-down together are no hand "
        "(fake-jokers.alone).",
        rulings=("V6",),
        rulesets=REVISION_ONLY,
        revision="a hand that beats any hand, ignores direction and consecs",
    ),
    Clause(
        "fake-jokers.hand.beaten-by-more",
        _FAKES,
        "Only a hand of more face-down fake jokers may be played on a hand of face-down fake "
        "jokers, in either direction; any other play on it is a misplay, a single face-down fake "
        "joker included (it does not reset it).",
        rulings=("V6",),
        rulesets=REVISION_ONLY,
        revision="is beaten only by a hand of more face-down fake jokers whatever the direction",
    ),
    Clause(
        "fake-jokers.hand.announcements",
        _FAKES,
        "Announcing \"come at me\" or \"unbeatable\" with a hand of face-down fake jokers is a "
        "misplay.",
        rulings=("V6",),
        rulesets=REVISION_ONLY,
        revision="the player may not come-at-me or announce \"unbeatable\" with it",
    ),
    Clause(
        "fake-jokers.lead-open",
        _FAKES,
        "A fake joker led face-up leaves the arity open in either direction, and its face value "
        "need not be beaten: the next seat may play any valid hand, which sets the arity and the "
        "hand to beat. This lead rule overrides fake-jokers.face-up.",
        rulings=("T18",),
        quote="When played face-up to lead a trick, the arity of the trick is indeterminate, "
        "regardless of current game direction.",
        rulesets=SEED_ONLY,
    ),
    Clause(
        "fake-jokers.lead-face-up",
        _FAKES,
        "A fake joker led face-up is a single of its face value, as everywhere else "
        "(fake-jokers.face-up): the next hand must be a single that beats it, and it counts "
        "towards consecs. Only a fake joker led face-down leaves the arity open "
        "(fake-jokers.face-down).",
        rulings=("V2",),
        rulesets=REVISION_ONLY,
        revision="played face-down (000's \"face-up\" here is read as a slip: face-up a fake "
        "joker is just its face value)",
    ),
    Clause(
        "fake-jokers.last-plays",
        _FAKES,
        "A face-down fake joker may not be a seat's second last play (it is never the last, "
        "being outside the regular hand): if it is, the seat loses as for a joker hand "
        "(joker-hands.last-plays). A face-up fake joker may be the second last play.",
        rulings=("R22",),
        quote="However, fake jokers may be played face-up as the second last play.",
    ),
    Clause(
        "fake-jokers.pile-empty",
        _FAKES,
        "When the pile cannot pay a fake joker a seat earns (by a call or a bounty claim), each "
        "one missing is paid with the next card from the top of the deck instead. Such an earned "
        "card is held apart like a fake joker, carries over between rounds and is not forfeited "
        "by a misplay. It is played only face-up and on its own, as an ordinary single of its "
        "face value: its lead does not open the arity and it claims no bounty.",
        rulings=("R25", "S35"),
        quote="Such cards are also not part of the player's regular hand, but can only be played "
        "face-up, and are not considered fake jokers for the purpose of card ranking.",
        rulesets=SEED_ONLY,
    ),
    Clause(
        "fake-jokers.earned-cards-free",
        _FAKES,
        "When the pile cannot pay a fake joker a seat earns by a bounty claim, each one missing is "
        "paid with the next card from the top of the deck instead. Such an earned card is held "
        "apart from the regular hand, carries over between rounds and is not forfeited by a "
        "misplay; it is played only face-up, but otherwise as an ordinary card of its face value: "
        "with other earned cards and cards of the hand in any hand, and counting in a bounty "
        "claim. A play using earned cards takes each card from them while they hold it, the rest "
        "from the hand.",
        rulings=("V5",),
        rulesets=REVISION_ONLY,
        revision="played face-up as their natural face value only, and not fake jokers for "
        "ranking or for game restrictions",
    ),
    # -- The Bounty Card ------------------------------------------------------------------------
    Clause(
        "bounty.claim",
        _BOUNTY,
        "A seat whose going-out play is made solely of natural cards of the bounty card's face "
        "value (no 13s, fake jokers or earned cards) may claim the bounty by announcing the "
        "count: it earns one fake joker per card of that play. Claiming is optional, and an "
        "unclaimed bounty earns nothing and stays. A 13 bounty can never be claimed, and a "
        "buy-back play does not go out, so it cannot claim. Nor can a play that makes the seat "
        "the loser instead of finishing: a joker hand of five or more as the last play, or any "
        "last play after a joker hand or a face-down fake joker (joker-hands.last-plays).",
        rulings=("R25",),
        quote="gains a number of fake jokers equal to the number of bounty cards in their final "
        "hand.",
    ),
    Clause(
        "bounty.claim-count",
        _BOUNTY,
        "Claiming a wrong number, or claiming with a play that is not due the bounty (one that "
        "does not go out, another value, a 13 in it, no bounty showing, a last play that makes "
        "the seat the loser), is a misplay. The play "
        "does not stand and nothing is claimed, so the mis-claimed fake jokers stay in the pile "
        "and are no part of a caller's reward.",
        rulings=("R25",),
        quote="It is a misplay to claim an incorrect number of fake joker(s) from the common pile.",
    ),
    Clause(
        "bounty.new-card",
        _BOUNTY,
        "Once claimed, the bounty card is discarded and the next card of the deck is revealed "
        "as the new bounty, which another seat may claim in the same trick.",
        quote="The bounty card is immediately discarded and a new bounty card revealed, so that "
        "other players may continue to claim the bounty within the same trick.",
    ),
    Clause(
        "bounty.joker-reshuffled",
        _BOUNTY,
        "A joker revealed as the bounty is shuffled back into the deck (from the game's seed) "
        "and another card revealed, until the bounty is not a joker; a deck of only jokers shows "
        "no bounty.",
        quote="If a joker is revealed as the bounty card, it shall be shuffled back into the deck "
        "and a new bounty card is revealed.",
    ),
    # -- Consecutives ---------------------------------------------------------------------------
    Clause(
        "consec.eligible-hands",
        _CONSECS,
        "Consecs form only from hands of natural cards of one value: singles, pairs, trips and "
        "quads without 13s (a face-up fake joker counts as its face value). The consec run is the "
        "last three such hands of the trick; a poker hand, a hand with or of 13s, a joker hand "
        "or a face-down fake joker breaks it, and the run starts again after it.",
        rulings=("T14", "T15"),
        quote="Consecs only apply to hands that consist of cards of the same value (i.e. single "
        "cards, pairs, trips, quads, etc., without any 13s) and not to poker hands.",
    ),
    Clause(
        "consec.no-13s-or-jokers",
        _CONSECS,
        "While any consec is in force, no 13 may be played (alone or as a wildcard), nor any "
        "joker hand or face-down fake joker; doing so is a misplay. A face-up fake joker may be "
        "played, as its face value, and under 2023-07 a hand of five or more face-down fake "
        "jokers (fake-jokers.hand).",
        rulings=("T19",),
        quote="13s and joker hands may not be played when any consec restriction is in force.",
    ),
    Clause(
        "consec.both",
        _CONSECS,
        "The numerical and the suited consec come into force independently, each from its own "
        "pattern in the run, and once in force a consec lasts to the end of the trick. If the "
        "other pattern then emerges, both apply together: after 8♣ 9♣ 10♣ only an 11♣ may follow.",
        rulings=("T15",),
        quote="If, while one consec restriction is in force, the pattern for the other consec "
        "restriction emerges, then both restrictions shall be applied simultaneously from that "
        "point.",
    ),
    # -- Numerical Consec -----------------------------------------------------------------------
    Clause(
        "consec.numerical",
        _NUMERICAL,
        "A numerical consec comes into force when the three hands of the run are separated by "
        "the same non-zero step, counted in the consec order (consec.numerical.skip-13) in the "
        "direction each hand was played. From then on each hand must be the next value of the "
        "sequence (the last value plus the step, in the direction now in force), of any suit; "
        "this takes the place of the strictly-better rule. Three hands of one value (a step of 0) "
        "form no consec.",
        rulings=("T14",),
        quote="Numerical consec occurs when three hands with an equal gap between their ranks "
        "have been played, regardless of suit(s).",
    ),
    Clause(
        "consec.numerical.skip-13",
        _NUMERICAL,
        "13 has no place in the consec order 3 4 5 6 7 8 9 10 11 12 J Q K A 2: the value after "
        "12 is J, so 10, 11, 12 calls for a J.",
        rulings=("H6",),
        quote="13s are not part of the ranking when determining numerical consecutiveness, i.e. "
        "the card ranked immediately after 12 is J.",
    ),
    Clause(
        "consec.numerical.wrap",
        _NUMERICAL,
        "The sequence wraps round from 2 to 3: after 11, Q, 2 (a step of 3) the next hand must "
        "be a 5, and after K, A, 2 a 3.",
        rulings=("T14",),
        quote="if the last three hands played were 11, Q, 2, the next valid hand is a 5, because "
        "the difference between each hand is 3 ranks.",
    ),
    Clause(
        "consec.numerical.lower-bounce",
        _NUMERICAL,
        "Going lower, a run may bounce on a 3: the 3 turns the direction higher, and each step "
        "is counted in the direction its hand was played, so 4, 3, 4 is a step of 1 and the next "
        "hand must be a 5.",
        rulings=("T14",),
        quote="Numerical consecs may be formed via bouncing on 3. For example, if the last three "
        "hands played were 4, 3, 4, the next valid hand is a 5.",
    ),
    Clause(
        "consec.numerical.lower-wrap",
        _NUMERICAL,
        "Under a numerical consec going lower, the sequence wraps from the bottom to the top: "
        "after 8, 6, 4 the next hand must be a 2. Only a 3 bounces: once the sequence reaches a "
        "3, the direction turns higher and the sequence climbs by the same step (after 7, 5, 3 "
        "the next hand must be a 5).",
        rulings=("T14",),
        quote="If numerical consec is in force when the direction is lower, the direction shall "
        "only bounce if a 3 is played.",
    ),
    # -- Suited Consec --------------------------------------------------------------------------
    Clause(
        "consec.suited",
        _SUITED,
        "A suited consec comes into force when the three hands of the run have the same suits. "
        "From then on every hand must have those suits, and must still be strictly better than "
        "the hand in play unless a numerical consec is also in force (which fixes the value "
        "instead).",
        rulings=("T16",),
        quote="From this point, only hands of the same suit(s) can be played.",
    ),
    Clause(
        "consec.suited.combination",
        _SUITED,
        "For pairs, trips and quads the suits are compared as a multiset: after three pairs of "
        "X♦ X♣, every pair must be one ♦ and one ♣, and X♦ X♦ is a different combination.",
        rulings=("T16",),
        quote="If the trick's arity is greater than 1, then suited consec refers to hands with "
        "the same combinations of suits.",
    ),
    Clause(
        "consec.suited.unbeatable",
        _SUITED,
        "While a suited consec is in force without a numerical one and the direction is higher, "
        "a hand of 2s (single or multiple) is unbeatable and must be announced \"unbeatable\". "
        "This is judged once the 2s are down: it includes 2s that complete the suited consec and "
        "excludes 2s that complete a numerical one. Not announcing it is a misplay, and so is "
        "announcing \"unbeatable\" with any other play.",
        rulings=("T17",),
        quote="a 2 is the highest card during a suited-but-not-numerical consec when the "
        "direction is higher.",
    ),
    # -- Come At Me -----------------------------------------------------------------------------
    Clause(
        "come-at-me.announce",
        _COME_AT_ME,
        "A seat may announce \"come at me\" with any play that stands, lead or follow, as often "
        "as it likes in a trick, and several seats may announce in one trick. The announcement "
        "changes nothing in play; it is settled when the trick is won.",
        rulings=("R26",),
        quote="Any number of players are allowed to come-at-me during a trick, but only one "
        "player can be successful (obviously).",
    ),
    Clause(
        "come-at-me.two-players",
        _COME_AT_ME,
        "Announcing \"come at me\" when only two seats are still in the round (neither gone out "
        "nor lost, counted when the play is made) is a misplay.",
        rulings=("V8",),
        rulesets=REVISION_ONLY,
        revision="come-at-me with two active players: a misplay",
    ),
    Clause(
        "come-at-me.unbeatable-hand",
        _COME_AT_ME,
        "It is a misplay to announce \"come at me\" with a hand that, once down, only a joker "
        "hand could beat or nothing could: while higher, a joker hand, the highest hand of its "
        "size (a single 2, the highest pair) or a 2 under a suited consec; while lower, the "
        "lowest hand of its size. It is judged in the direction after the play (a 3 that bounces "
        "can be beaten), and it is always allowed under a numerical consec, which always names a "
        "next value.",
        rulings=("R26",),
        quote="It is a misplay to come-at-me when the hand played can only be beaten by joker "
        "hands",
        revision="a 2 when under suited-but-not-numerical consec",
    ),
    Clause(
        "come-at-me.won-with-joker",
        _COME_AT_ME,
        "A seat that announced \"come at me\" and wins the trick with a joker hand or a face-down "
        "fake joker gets the failed come-at-me penalty (come-at-me.failed) instead of a reward.",
        rulings=("R26",),
        quote="or if the player wins the trick by playing a joker hand.",
    ),
    Clause(
        "come-at-me.reward",
        _COME_AT_ME,
        "A seat that announced and wins the trick (not with a joker) earns a reward of 3, plus 1 "
        "for each of its announcements in the trick after the first, minus its streak: its "
        "earlier successful come-at-me tricks with no trick won by another seat since (the "
        "streak carries across rounds). So two announcements, then a trick won without one, "
        "then one announcement give 4 and then 2. A reward of 0 gives nothing; a negative "
        "reward is applied at once as that many misplay penalties.",
        rulings=("R26",),
        quote="The base reward for a successful come-at-me is being allowed to view 3 cards.",
    ),
    Clause(
        "come-at-me.view",
        _COME_AT_ME,
        "With a positive reward the winner, if still in the round, views that many cards from "
        "the top of the deck (topped up first with the shuffled discards if short), may swap one "
        "of them for one card of its hand, and declares the count; then every viewed card is "
        "discarded and the winner leads the next trick. The engine allows one swap at most and "
        "discards for the seat, so those misplays cannot happen.",
        rulings=("R26",),
        quote="they are rewarded by being allowed to view the top several cards of the deck and "
        "optionally swap one of them with a card in their hand.",
        rulesets=SEED_ONLY,
    ),
    Clause(
        "come-at-me.declared-count",
        _COME_AT_ME,
        "Declaring a reward count other than the reward is a misplay: nothing is swapped, the "
        "viewed cards are discarded and the seat takes its penalty, but it is not barred from "
        "the next trick.",
        rulings=("R26",),
        quote="An incorrect declaration is a misplay.",
        rulesets=SEED_ONLY,
    ),
    Clause(
        "come-at-me.discard-and-draw",
        _COME_AT_ME,
        "With a positive reward N the winner, if still in the round, discards 1 to N cards of its "
        "hand and draws as many from the top of the deck (topped up first with the shuffled "
        "discards if short, and drawing what there is if even that is short); nothing is "
        "declared. Then it leads the next trick. A timeout forfeits the reward.",
        rulings=("V7",),
        rulesets=REVISION_ONLY,
        revision="discard between 1 and N cards from the hand and draw as many from the deck",
    ),
    Clause(
        "come-at-me.discard-count",
        _COME_AT_ME,
        "Discarding no card, or more than the reward, is a misplay: nothing is discarded or "
        "drawn, the reward is lost, and the seat takes its penalty but is not barred from the "
        "next trick.",
        rulings=("V7",),
        rulesets=REVISION_ONLY,
        revision="discarding zero or too many ... is a misplay",
    ),
    Clause(
        "come-at-me.draw-count",
        _COME_AT_ME,
        "Drawing a number of cards other than the number discarded is a misplay, with the same "
        "consequences as come-at-me.discard-count.",
        rulings=("V7",),
        rulesets=REVISION_ONLY,
        revision="or drawing a wrong number, is a misplay",
    ),
    Clause(
        "come-at-me.failed",
        _COME_AT_ME,
        "When a trick ends, each seat that announced \"come at me\" in it and did not win it "
        "takes one misplay whose penalty count is its number of announcements in that trick: "
        "its fake jokers are forfeited once and it skips that many turns. This misplay is not "
        "open to a call.",
        rulings=("R26", "R28"),
        quote="The base penalty for a failed come-at-me is a misplay penalty, and it increases by "
        "1 for each additional come-at-me during the same trick.",
    ),
    # -- Scoring --------------------------------------------------------------------------------
    Clause(
        "scoring.points",
        _SCORING,
        "When a round ends, the first seat out scores +2, the second +1, the second last -1 and "
        "the last (the loser) -2; every place in between scores 0. With 3 players the second "
        "place is also the second last, and scores 0.",
        rulings=("S32",),
        quote="The first player to finish their hand gets +2, the second player to finish gets "
        "+1, the second last player to finish gets -1, and the last player (the loser) gets -2.",
    ),
    Clause(
        "scoring.decay",
        _SCORING,
        "Scores carry across rounds. At the end of each round every seat's score takes three "
        "steps in order: it decays by 1 towards 0 (-3 becomes -2, 4 becomes 3, 0 stays 0); it "
        "may reset to 0 (scoring.half-reset); then the round's points are added.",
        rulings=("S33",),
        quote="Decay their current score by 1 towards 0.",
    ),
    Clause(
        "scoring.half-reset",
        _SCORING,
        "From the second round on, a score resets to 0 if its seat finished in a different half "
        "of the table from last round, last round's halves being taken at last round's table "
        "size. With an odd table the middle place is a half of its own, the other half from "
        "every place and from itself, so a seat in the middle this round or last round always "
        "resets.",
        rulings=("S33",),
        quote="Reset their score to 0 if they did not finish in the same half as the last round.",
    ),
    Clause(
        "scoring.late-joiner",
        _SCORING,
        "A player joins only between rounds. The joiner takes the next seat with a score of -2, "
        "is appended last to the previous finishing order (for the half reset) and counts as the "
        "most recent loser; the other seats' scores do not change. It is dealt 11 cards and "
        "swaps like anyone, with no fake jokers, earned cards or penalties, and the table stays "
        "within 9 seats.",
        rulings=("S34",),
        quote="When a late joiner comes to the table, they become the loser and gets -2, and the "
        "rankings of other players are shifted up by 1 place.",
    ),
    # -- Card Swapping --------------------------------------------------------------------------
    Clause(
        "swapping.put-down",
        _SWAPPING,
        "At the start of each round after the deal and the bounty, a seat with a positive score "
        "puts its `score` lowest cards into the low pile, and a seat with a negative score its "
        "`-score` highest cards into the high pile (at most its whole hand); a seat at 0 swaps "
        "nothing. Cards rank in game order (13 between 12 and J, jokers above 2s), and ties go "
        "by suit: the lowest are taken ♣ ♦ ♥ ♠, the highest ♠ ♥ ♦ ♣. Swapping leaves no choice, "
        "so it cannot be misplayed.",
        rulings=("S35",),
        quote="The absolute value of a player's score indicates the number of cards they shall "
        "put down.",
    ),
    Clause(
        "swapping.pick-up",
        _SWAPPING,
        "Each pile is shuffled from the game's seed. Then, in seat order, each seat with a "
        "positive score picks up from the high pile and each seat with a negative score from the "
        "low pile, as many cards as it put down.",
        rulings=("S35",),
        quote="Then, players with positive scores shall pick up cards from the high cards pile, "
        "and players with negative scores shall pick up cards from the low cards pile, equal to "
        "the number of cards they previously put down.",
    ),
    Clause(
        "swapping.top-up",
        _SWAPPING,
        "If a pile holds fewer cards than its seats will pick up, it is topped up from the top "
        "of the already shuffled deck, which stands in for the random cards.",
        rulings=("S35",),
        quote="If there is an imbalance between the number of cards in the two piles, random "
        "cards from the top of the deck shall be added to the short pile.",
    ),
    Clause(
        "swapping.extras",
        _SWAPPING,
        "The cards left over in the other pile are revealed and discarded.",
        rulings=("S35",),
        quote="If there are excess cards remaining after card swapping has occurred, they shall "
        "be revealed and discarded.",
    ),
    # -- Misplays -------------------------------------------------------------------------------
    Clause(
        "misplays.list",
        _MISPLAYS,
        "A misplay is anything these clauses call one: among others an invalid hand "
        "(hands.valid), a hand that does not beat the one in play "
        "(trick.follow.strictly-better), an incorrect call and dropped cards. The engine reports "
        "each as a `Misplay` event naming the clause it breaks, never as an error. A misplayed "
        "play does not stand: its cards go back to the seat's hand.",
        rulings=("R28",),
        quote="and any other misplay situations already mentioned elsewhere in these rules.",
    ),
    Clause(
        "misplays.incorrect-call",
        _MISPLAYS,
        "Under the called referee any other seat may call a misplay on a seat at any time, "
        "whoever is to act. Calling a seat that has made no misplay this round that could be "
        "called is itself a misplay, with the usual penalties, and can be called in its turn. A "
        "call on a seat whose misplay's call window has closed (fake-jokers.consensus) is late, "
        "not incorrect: it wins nothing and costs nothing.",
        rulings=("R27",),
        quote="Incorrectly calling \"misplay\" on another player",
    ),
    Clause(
        "misplays.dropped",
        _MISPLAYS,
        "Dropping cards onto food or drink, or onto the floor, is a misplay by the seat that "
        "dropped them, whoever is to act; the cards go back to its hand.",
        rulings=("R30",),
        quote="or dropping card(s) on the floor (except when dealing)",
    ),
    Clause(
        "misplays.face-up-drop",
        _MISPLAYS,
        "Cards dropped face-up on the table count as played: on the seat's turn they are judged "
        "as its play, and out of turn they are held as an out-of-turn play "
        "(misplays.out-of-turn). If they form a valid play it stands and cannot be taken back; "
        "if not, it is a misplay.",
        rulings=("R30",),
        quote="If the dropped card(s) form a valid play then they shall stand and the player is "
        "not allowed to rescind them.",
    ),
    Clause(
        "misplays.out-of-turn",
        _MISPLAYS,
        "A play out of turn is held, its cards committed, while the seats before it play or "
        "pass. It is judged as the seat's play when the seat's turn comes, standing if it is "
        "still valid then and a misplay otherwise, and it lapses if the trick ends first. A seat "
        "may have one held play at a time, and there is no playing out of turn in the first "
        "round's opening or during a come-at-me reward.",
        rulings=("R29",),
        quote="If, after those players have played or passed, the out-of-turn play is still valid "
        "then it shall stand, otherwise it is a misplay.",
    ),
    Clause(
        "misplays.penalties",
        _MISPLAYS,
        "A misplay forfeits every fake joker the seat holds (earned cards are kept), bars it from "
        "the rest of the trick (misplays.barred), and adds 1 to its penalty count. Penalties do "
        "not decay and carry across rounds: each time the seat's turn comes while it owes one, it "
        "pays it by skipping that turn. A skipped turn counts as a pass, so the seat must buy "
        "back to play in that trick again (a skipped lead: misplays.skipped-lead, "
        "misplays.resume-next-trick).",
        rulings=("R28",),
        quote="They must skip the number of turns in the next trick(s) equal to their misplay "
        "penalty count.",
    ),
    Clause(
        "misplays.skipped-lead",
        _MISPLAYS,
        "A skipped lead passes the lead on to the next seat without passing: the seat that skipped "
        "it may play later in that trick without buying back.",
        rulings=("R28", "V9"),
        quote="They may then choose to buy back into the trick.",
        rulesets=SEED_ONLY,
    ),
    Clause(
        "misplays.resume-next-trick",
        _MISPLAYS,
        "After its skipped turns a seat may buy back into that trick or resume play as normal in "
        "the next trick: every skipped turn, a skipped lead included, leaves it out of the trick "
        "it was skipped in unless it buys back (buy-back.required), and the next trick it plays "
        "as normal.",
        rulings=("R28", "V9"),
        rulesets=REVISION_ONLY,
        revision="the player may buy back into the trick, or resume play as normal in the next "
        "trick",
    ),
    Clause(
        "misplays.barred",
        _MISPLAYS,
        "A seat that misplays during a trick may not play in that trick again, not even by "
        "buying back: its turns are passed over, the trick ends without waiting for it, and a "
        "play out of turn from it is a misplay. A misplay between tricks (during a come-at-me "
        "reward) bars nothing.",
        rulings=("R28",),
        quote="They are not allowed to play in the current trick, without the possibility of "
        "buying back, if the misplay occurred during a trick.",
    ),
    Clause(
        "misplays.buy-back-cards",
        _MISPLAYS,
        "A buy-back is judged before anything is drawn, and a misplayed buy-back draws nothing "
        "(buy-back.draw-after-play), so no buy-back card is ever seen and there is nothing to "
        "discard.",
        rulings=("T11",),
        quote="If a misplay occurs due to incorrect buy back, and the player has already seen "
        "some or all of the buy-back cards, those cards shall be discarded.",
    ),
)

BY_ID: dict[str, Clause] = {c.id: c for c in CLAUSES}

_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+")
_RULING_RANGES = {
    "H": range(1, 10), "T": range(10, 20), "R": range(20, 32), "S": range(32, 36), "V": range(1, 11)
}


def _ruling_ok(ruling: str) -> bool:
    """``H1``-``H9``, ``T10``-``T19``, ``R20``-``R31``, ``S32``-``S35``, or ``V1``-``V10`` (the
    rulings on the July 2023 revision, numbered by its differences)."""
    prefix, number = ruling[:1], ruling[1:]
    return number.isdigit() and int(number) in _RULING_RANGES.get(prefix, range(0))


def _check(clauses: tuple[Clause, ...]) -> None:
    """Refuse at import what would break the registry: repeated or malformed ids, unknown ruling
    ids, unknown rulesets, a section split in two."""
    if len(BY_ID) != len(clauses):
        repeated = sorted({c.id for c in clauses if sum(d.id == c.id for d in clauses) > 1})
        raise ValueError(f"clause ids must be unique: {', '.join(repeated)} repeated")
    seen: list[str] = []
    for c in clauses:
        if not _ID.fullmatch(c.id):
            raise ValueError(f"clause id {c.id!r} is not lowercase and dot-separated")
        bad = [ruling for ruling in c.rulings if not _ruling_ok(ruling)]
        if bad:
            raise ValueError(f"clause {c.id!r} cites unknown rulings {bad}")
        if not c.rulesets or not set(c.rulesets) <= set(RULESETS):
            raise ValueError(f"clause {c.id!r} names rulesets {c.rulesets} (known: {', '.join(RULESETS)})")
        if c.section != (seen[-1] if seen else None):
            if c.section in seen:
                raise ValueError(f"section {c.section!r} is split (at clause {c.id!r})")
            seen.append(c.section)


_check(CLAUSES)


def clauses_of(ruleset: str) -> tuple[Clause, ...]:
    """The clauses the named ruleset uses, in order.

    >>> "come-at-me.view" in {c.id for c in clauses_of("000")}, "come-at-me.view" in {c.id for c in clauses_of("2023-07")}
    (True, False)
    """
    if ruleset not in RULESETS:
        raise KeyError(f"no ruleset {ruleset!r} (known: {', '.join(RULESETS)})")
    return tuple(c for c in CLAUSES if ruleset in c.rulesets)


def clause(clause_id: str) -> Clause:
    """The clause with id ``clause_id``.

    >>> clause("trick.follow.arity").text.split(":")[0]
    "Every hand after the lead must have the trick's arity"
    >>> clause("consec.numerical.warp")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    KeyError: "no clause 'consec.numerical.warp'; did you mean: consec.numerical.wrap, ...?"

    Raises KeyError naming the closest ids when there is no such clause.
    """
    try:
        return BY_ID[clause_id]
    except KeyError:
        close = difflib.get_close_matches(clause_id, BY_ID, n=4, cutoff=0.6)
        if not close:
            prefix = clause_id.split(".")[0]
            close = [c for c in BY_ID if c.split(".")[0] == prefix][:6]
        hint = f"did you mean: {', '.join(close)}?" if close else "see docs/rules.md for the ids"
        raise KeyError(f"no clause {clause_id!r}; {hint}") from None


_INTRO = """\
<!-- Generated by `python -m spite_rules.clauses > docs/rules.md`:
     edit spite_rules/clauses.py, not this file. -->

# The rules of Spite

These are the rules of Spite as the `spite_rules` engine implements them: seed 000 (the authority)
in the project's own words, one numbered clause at a time, in the seed's order, with the author's
July 2023 revision of them beside it. Where the seed leaves a question open, the clause states the
answer the project ruled.

**Ids.** Every clause has a stable id, lowercase and dot-separated, its section first (for example
`consec.numerical.wrap`). Numbers change when clauses are added; ids never do, so cite the id. The
engine names the clause a play breaks by its id: it is the `rule` of a `Misplay`, `InstantLoss` or
`ComeAtMeFailed` event. In code, `spite_rules.clauses.clause("consec.numerical.wrap")` returns the
clause.

**Tests.** A test that pins a clause is marked `@pytest.mark.rule("ID")`, and `pytest --rule ID`
runs the tests of that one clause (a prefix such as `consec.numerical` runs those of the clauses
under it).

**Rulings.** "Rulings" lists the entries of [rulings.md](rulings.md) that settle what the seed
leaves open in the clause, by their ids: H1-H9 for hands, T10-T19 for tricks, R20-R31 for rounds,
S32-S35 for scores and what happens between rounds, and V1-V10 for what the July 2023 revision
leaves open (numbered by its differences). Each entry gives the question, the ruling, the clause
of the seed it rests on and the tests that pin it.

**Seed.** "Seed" quotes the words of seed 000 the clause rests on, verbatim (links are shown as
their text). A clause without one rests on several passages or on the rulings alone. "July 2023"
gives the revision's words where the clause rests on what it changed.

**Rulesets.** The engine plays either named ruleset (`Rules.ruleset(NAME)`, `--ruleset NAME` on the
command line, `ruleset = "NAME"` in a dispute file); a clause marked "000 only" or "2023-07 only"
belongs to one of them, every other clause to both.
"""


#: A clause id named in another clause's text (the longest id first, so that `consec.numerical`
#: does not match inside `consec.numerical.wrap`); rendered as code.
_CROSS_REFERENCE = re.compile(
    r"(?<![\w.`-])("
    + "|".join(re.escape(i) for i in sorted(BY_ID, key=len, reverse=True))
    + r")(?![\w-])(?!\.\w)"
)


def render_markdown() -> str:
    """The whole of docs/rules.md: a title, how to read it, then every clause numbered 1, 2, 3 ...
    across the sections.

    >>> text = render_markdown()
    >>> text.startswith("<!-- Generated"), "## Numerical Consec" in text
    (True, True)
    >>> "**1. `objective.going-out`**:" in text
    True
    """
    intro = _INTRO + "\n" + _rulesets_table()
    return render_clauses(
        intro, CLAUSES, lambda text: _CROSS_REFERENCE.sub(r"`\1`", text), ruleset_note,
        lambda c: f' — July 2023: "{c.revision}"' if c.revision else "",
    )


def ruleset_note(c: Clause) -> str:
    """What :func:`render_markdown` says of a Spite clause that not every ruleset uses.

    >>> ruleset_note(clause("deck.fake-jokers.at-least-five"))
    ' — 2023-07 only.'
    >>> ruleset_note(clause("buy-back.fibonacci"))
    ''
    """
    return f" — {' and '.join(c.rulesets)} only." if c.rulesets != BOTH else ""


def _rulesets_table() -> str:
    """The named rulesets, their versions, and the clauses each uses that the other does not."""
    rows = ["| ruleset | version | published | clauses of its own |", "|---|---|---|---|"]
    for named in RULESETS.values():
        own = [f"`{c.id}`" for c in CLAUSES if c.rulesets == (named.name,)]
        rows.append(
            f"| `{named.name}` | `{named.version}` | {named.published} | {', '.join(own) or 'none'} |"
        )
    return "## Rulesets\n\n" + "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(render_markdown(), end="")
