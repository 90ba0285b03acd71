"""The rules of Spite and Malice (seeds 003, 002 and 004) in the project's own words, as clauses
with stable ids.

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

docs/malice/rules.md is generated from this module (``python -m spite_rules.malice.clauses >
docs/malice/rules.md``): edit the clauses here, never the generated file. Each :class:`Clause`
(Spite's :class:`spite_rules.clauses.Clause` names rulesets; this game has presets) states one rule
as the engine implements it, with:

- ``id``: stable, ``malice.`` then the section (``malice.centre.next-higher``). Every refusal of the
  engine ends by naming one, ``[malice.centre.next-higher]`` (each ``tag(message, "centre.next-higher")``
  of the rules of play; tests/malice/test_malice_clauses.py holds them to this table); the other
  clauses are the steps the engine takes by itself (drawing to five, completed stacks, the end,
  scoring). Tests that pin a clause are marked
  ``@pytest.mark.rule("id")``.
- ``section``: the seed and its section the rule comes from;
- ``text``: the rule, in plain sentences, and the options (``Rules`` fields) that turn it on;
- ``rulings``: the entries of docs/malice/rulings.md (M1-M41) that settle what the seeds leave open;
- ``quote``: the seed's words it rests on, verbatim;
- ``presets``: the presets (:data:`~spite_rules.malice.rules.PRESETS`) whose rules hold it, and
  ``variations``: seed 003's named variations (:data:`~spite_rules.malice.rules.VARIATIONS`, on
  the common game) that bring it in where no preset has it; both worked out from the options
  (:data:`HOLDS_WHEN`), so a clause of the common game is every preset's that keeps that rule.

>>> clause("malice.centre.next-higher").section
'Seed 003 (common): The play'
>>> clause("malice.centre.next-higher").presets, clause("malice.jacks.substitution").presets
(('common', 'book', 'jacks', 'three_decks'), ('jacks',))
>>> clause("malice.loading.allowed").presets, clause("malice.loading.allowed").variations
((), ('loading',))
>>> "M9" in clause("malice.centre.first-free-space").rulings
True
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

import attrs

from spite_rules.core.clause_tables import render_clauses
from spite_rules.malice.rules import PRESETS, VARIATIONS, Rules, Scoring, SideRule

__all__ = ["Clause", "CLAUSES", "BY_ID", "HOLDS_WHEN", "clause", "render_markdown"]


@attrs.frozen
class Clause:
    """One rule of Spite and Malice, stated as the engine implements it, with the presets and
    variations whose rules hold it.

    >>> clause("malice.side.equal-or-one-less").presets
    ('book',)
    """

    id: str
    section: str
    text: str
    rulings: tuple[str, ...] = ()
    quote: str = ""
    presets: tuple[str, ...] = ()
    variations: tuple[str, ...] = ()

_DEAL = "Seed 003 (common): Deal, layout and terminology"
_PLAY = "Seed 003 (common): The play"
_END = "Seed 003 (common): End of the game"
_MORE = "Seed 003 (common): More than two players"
_CENTRES = "Seed 003 (variations): Number of centre stacks"
_ACES = "Seed 003 (variations): Compulsory play of aces"
_LOADING = "Seed 003 (variations): Loading the opponent's pay-off pile"
_WILD = "Seed 003 (variations): Jokers, and restrictions on wild cards"
_SCORING = "Seed 003 (variations): Scoring"
_MASS = "Seed 003 (variations): Massachusetts"
_BOOK = "Seed 003 (book version)"
_JACKS = "Seed 002 (jacks)"
_THREE = "Seed 004 (three_decks)"


_WRITTEN: tuple[Clause, ...] = (
    # -- Deal, layout and terminology ---------------------------------------------------------
    Clause(
        "malice.deal.layout",
        _DEAL,
        "Both packs are shuffled together (by the game's seed); each seat is dealt a pay-off pile "
        "(`payoff_size`, 20 by default) with its top card face up and a hand of five; the rest is "
        "the stock. Centre and side stacks start empty. `new_game` also decides the first player "
        "and begins the first turn before returning.",
        rulings=("M8", "M19", "M37"),
        quote="To begin the game both packs are shuffled together and 20 cards are dealt face down "
        "to each pay-off pile, and a further 5 cards are dealt to each player as their hand.",
    ),
    Clause(
        "malice.deal.first-player",
        _DEAL,
        "The seat whose pay-off top is higher plays first; a wild card showing counts lowest. Seats "
        "tied for highest reshuffle their pay-off piles and turn up again (seed 002: suit, then a "
        "cut of the draw pile). Play then passes clockwise, in seat order.",
        rulings=("M3", "M7", "M20", "M30"),
        quote="Whichever player has the higher card showing will play first. If they are equal, "
        "both players shuffle their pay-off piles and turn up a new top card.",
    ),
    # -- The play -------------------------------------------------------------------------------
    Clause(
        "malice.turn.whose-turn",
        _PLAY,
        "Only the seat to act may act; turns pass in seat order.",
        quote="thereafter the players take alternate turns",
    ),
    Clause(
        "malice.turn.seat",
        _PLAY,
        "An action names a seat of the table, 0 to one less than the number of players.",
    ),
    Clause(
        "malice.turn.phase",
        _PLAY,
        "Each action is taken only in the phase of the turn that allows it: plays, substitutions, "
        "loads, side moves and the end of a turn in its play phase; discards in play and, under "
        "Massachusetts, in the fill phase; a forced card's place (seed 002) only while one waits.",
        rulings=("M18", "M21", "M36"),
    ),
    Clause(
        "malice.turn.game-over",
        _END,
        "Once the game is over no action is taken.",
        quote="The game ends when someone wins by playing the last card of their pay-off pile to "
        "the centre.",
    ),
    Clause(
        "malice.turn.draw-to-five",
        _PLAY,
        "A turn begins by drawing from the stock until the hand holds five (`hand_size`). When the "
        "stock is empty the completed stacks set aside (if any) are shuffled into a new stock first.",
        rulings=("M5", "M19"),
        quote="If you have fewer than five cards in your hand you begin your turn by drawing cards "
        "from the stock to bring your hand up to five cards.",
    ),
    Clause(
        "malice.turn.emptied-hand-draws",
        _PLAY,
        "A seat that plays every card of its hand without discarding draws five more at once and "
        "goes on playing.",
        rulings=("M6",),
        quote="If during your turn you manage to play all five cards from your hand, without "
        "playing to a side stack, you immediately draw five more cards from the stock and "
        "continue playing.",
    ),
    Clause(
        "malice.turn.ends-with-discard",
        _PLAY,
        "In the common game and seed 004 a turn ends only with a discard to a side stack, which "
        "always ends it. The book and seed 002 (`end_without_discard`) also let a turn end without "
        "one (the book's pass, seed 002's \"do nothing\").",
        rulings=("M6", "M35"),
        quote="You may play as many cards to the centre stacks as you want, but as soon as you "
        "play a card to a side stack your turn ends, and your opponent may play.",
    ),
    Clause(
        "malice.sources.in-hand",
        _PLAY,
        "A card played or discarded from the hand must be in the seat's hand.",
        quote="The card played may come from your hand, from the top of one of your side stacks, "
        "or from the top of your pay-off pile",
    ),
    Clause(
        "malice.sources.top-card",
        _PLAY,
        "Only the top card of a pay-off pile or of a side stack may be played; the cards below are "
        "unavailable until it goes. Playing a pay-off top turns up the next card.",
        quote="Only the top card of your pay-off pile is available for play at any time; when you "
        "have managed to get rid of the top card, you turn the next pay-off card face up and try "
        "to get rid of that.",
    ),
    Clause(
        "malice.sources.origin",
        _PLAY,
        "A card comes from the hand, a pay-off top or a side-stack top; nothing else is a source, "
        "and nothing ever leaves a centre stack (except seed 002's substitution). No action names "
        "another place: the notation refuses one naming this clause.",
        rulings=("M39",),
        quote="Note that you can never play a pay-off card to a side stack, or to move a card from "
        "one side stack to another, or move a card from a centre stack to anywhere.",
    ),
    Clause(
        "malice.sources.seat",
        _PLAY,
        "A pile played from belongs to a seat of the table.",
    ),
    Clause(
        "malice.sources.whose-piles",
        _MORE,
        "A seat plays from its own pay-off pile and side stacks; with `partnerships` also from its "
        "partner's, and in seed 002 from the opponent's play deck and (at a 1:1 exchange) discards. "
        "It discards only to its own side stacks.",
        rulings=("M11", "M22"),
        quote="At your turn you can play from your partner's pay-off pile or side stacks to the "
        "centre stacks, but you can only discard to your own side stack.",
    ),
    Clause(
        "malice.centre.ace-starts",
        _PLAY,
        "Only an ace starts a centre stack (or a wild card standing for one, where allowed).",
        rulings=("M2",),
        quote="The first card in each centre stack must be an ace",
    ),
    Clause(
        "malice.centre.next-higher",
        _PLAY,
        "A card goes on a centre stack only if it is the next higher value than the card showing, "
        "irrespective of suit; a wild card there stands for that value. A completed stack takes "
        "nothing.",
        quote="to play to a centre stack the next higher card than the card showing (for example a "
        "six on a five, or a jack on a ten, irrespective of suit)",
    ),
    Clause(
        "malice.centre.limit",
        _PLAY,
        "There are at most three centre stacks at one time (`centre_limit`: three, four, players "
        "plus one, or unlimited); an ace may not start a stack beyond the limit (played to the space "
        "after the last, with every space taken).",
        rulings=("M38", "M40"),
        quote="There cannot be more than three centre stacks at one time.",
    ),
    Clause(
        "malice.centre.space",
        _PLAY,
        "A play names a centre space that exists, or the space just after the last for a new stack "
        "(which the limit may refuse).",
        rulings=("M40",),
        quote="There cannot be more than three centre stacks at one time.",
    ),
    Clause(
        "malice.centre.first-free-space",
        _PLAY,
        "A new centre stack takes the first free space: the first empty one; else (seed 002) the "
        "first stack completed by a wild queen; else, with no limit, a new space at the end.",
        rulings=("M9",),
    ),
    Clause(
        "malice.centre.completed",
        _PLAY,
        "A stack completed by a queen (or a wild card as queen; with natural kings, by a king) is "
        "shuffled into the stock at once by the engine and the player plays on; where the rules "
        "say so (`completed`) it is set aside until the stock is depleted.",
        rulings=("M4",),
        quote="If you complete a centre stack by playing a queen (or a king representing a queen) "
        "your opponent shuffles the completed stack into the stock, creating a space for a new "
        "centre stack, and you can continue playing.",
    ),
    Clause(
        "malice.side.limit",
        _PLAY,
        "A seat has at most four side stacks; a discard names one of them.",
        rulings=("M10",),
        quote="The only limitation is that you cannot have more than four side stacks.",
    ),
    Clause(
        "malice.side.first-empty-space",
        _PLAY,
        "A new side stack starts in the first empty side space.",
        rulings=("M10",),
        quote="when playing to a side stack you may put your card on whichever stack you choose",
    ),
    Clause(
        "malice.side.one-card",
        _PLAY,
        "One card is discarded at a time (seed 004's equal groups aside, `discard_groups`).",
        quote="To play a card from your hand face-up on top of one of your side stacks. This ends "
        "your turn.",
    ),
    Clause(
        "malice.side.no-moves",
        _PLAY,
        "A card never moves from one side stack to another (seed 002's side moves aside, "
        "`side_moves`), and a pay-off card never goes to a side stack.",
        quote="Note that you can never play a pay-off card to a side stack, or to move a card from "
        "one side stack to another, or move a card from a centre stack to anywhere.",
    ),
    Clause(
        "malice.wild.kings",
        _PLAY,
        "Kings are wild (`kings_wild`): discarded without a value, on a centre stack standing for "
        "the next higher value, and they may start a stack as an ace.",
        rulings=("M1", "M2"),
        quote="Kings are wild and can represent any card. You can discard a king to a side stack "
        "without committing yourself as to what it represents. When a king is placed on a centre "
        "stack it represents the next higher value than the card it covers.",
    ),
    # -- End of the game ------------------------------------------------------------------------
    Clause(
        "malice.end.payoff-emptied",
        _END,
        "The seat (or pair) that plays the last card of its pay-off pile to the centre wins at "
        "once (seed 002: see malice.jacks.last-turn).",
        rulings=("M11",),
        quote="The game ends when someone wins by playing the last card of their pay-off pile to "
        "the centre.",
    ),
    Clause(
        "malice.end.stock-runs-out",
        _END,
        "When a card must be drawn and the stock (after any refill) has none, the game ends as a "
        "draw, or by the stalemate option (`stalemate_fewer_wins`: fewest pay-off cards wins). An "
        "empty stock alone ends nothing.",
        rulings=("M5", "M6", "M34"),
        quote="The game can also end if the stock runs out of cards, in which case the result is a "
        "draw.",
    ),
    # -- Variations -----------------------------------------------------------------------------
    Clause(
        "malice.compulsory.aces",
        _ACES,
        "With `compulsory_aces`, aces drawn or turned up on the pay-off pile are played to the "
        "centre by the engine at once (the pay-off ace first), each to the first free space.",
        rulings=("M12",),
        quote="Some play that aces cannot be retained in your hand but must be played as soon as "
        "drawn to start new centre stacks. Also an ace appearing on your pay-off pile must "
        "immediately be played to the centre.",
    ),
    Clause(
        "malice.loading.allowed",
        _LOADING,
        "Loading an opponent's pay-off pile is played only with the `loading` variation; it does "
        "not end the turn.",
        rulings=("M13",),
        quote="In this variation, reported by Henry Lee, it is permissible to move the card from "
        "the top of your pay-off pile or play a card from your hand onto the top of your "
        "opponent's pay-off pile.",
    ),
    Clause(
        "malice.loading.opponent",
        _LOADING,
        "A card is loaded only onto an opponent's pay-off pile that has a card showing.",
        rulings=("M13",),
        quote="onto the top of your opponent's pay-off pile",
    ),
    Clause(
        "malice.loading.source",
        _LOADING,
        "A loaded card comes from the top of the seat's own pay-off pile or its hand, never from a "
        "side stack.",
        quote="Note that you are not allowed to load cards from your discard piles onto your "
        "opponent's pay-off pile - the card must come from the top of your own pay-off pile or out "
        "of your hand.",
    ),
    Clause(
        "malice.loading.suit-and-rank",
        _LOADING,
        "The loaded card is the same suit and one rank higher or lower than the top it covers; "
        "kings count 13 and jokers never load.",
        rulings=("M13",),
        quote="The card must be the same suit and one rank higher or lower than the card on which "
        "it is placed.",
    ),
    Clause(
        "malice.loading.last-card",
        _LOADING,
        "The last card of a pay-off pile is never loaded: it goes to the centre to win.",
        rulings=("M13",),
        quote="The game ends when someone wins by playing the last card of their pay-off pile to "
        "the centre.",
    ),
    Clause(
        "malice.wild.cannot-be",
        _WILD,
        "Where the rules say so (`wild_cannot_be`), a wild card may not stand for an ace (or an ace "
        "or a seven); in the book a joker never stands for an ace.",
        rulings=("M1",),
        quote="Some play that a wild card (King, or Joker if used) cannot be used to represent an "
        "ace. Others play that a wild card cannot represent an ace or a seven.",
    ),
    Clause(
        "malice.scoring.points",
        _SCORING,
        "With scoring, the winner scores 5 plus one for each card left in the other pay-off piles; "
        "in a stalemate the seat with fewer cards scores the difference (a tie scores nothing).",
        rulings=("M14",),
        quote="The winner of a hand scores 5 points for winning the hand plus 1 point for each card "
        "left in the opponent's pay-off pile.",
    ),
    Clause(
        "malice.massachusetts.fill",
        _MASS,
        "Under Massachusetts, before the discard that ends the turn every empty side stack is "
        "filled from the hand (a fill does not end the turn); a hand emptied by fills draws five "
        "and begins a new turn.",
        rulings=("M18",),
        quote="immediately before making the side stack discard that ends your turn you must play "
        "a card from your hand to each of your empty side-stacks",
    ),
    # -- The book version -----------------------------------------------------------------------
    Clause(
        "malice.side.equal-or-one-less",
        _BOOK,
        "In the book (`side_rule`), any card may start an empty side stack, but a card on a side "
        "stack must be equal to or one less than the card showing; a joker there may stand for "
        "any value the next card needs.",
        quote="If a side-stack already contains a card or cards, the card played on top of it must "
        "be equal to or one less than the card showing (for example on a seven you can play "
        "another seven or a six).",
    ),
    Clause(
        "malice.book.aces-and-twos",
        _BOOK,
        "In the book, an ace or two showing on the seat's pay-off pile or side stacks must be "
        "played to the centre as soon as it can be before anything else is done (jokers never).",
        quote="If you have an ace or two visible on top of your pay-off pile or one of your side "
        "stacks, it must be played to a centre stack as soon as this is legal.",
    ),
    Clause(
        "malice.book.stalemate",
        _BOOK,
        "Where a turn may end without a discard, ending one with no card moved is a pass; when "
        "every seat has passed in turn the game is a stalemate: it ends, or (`stalemate`) the "
        "cards but the pay-off piles are reshuffled, new hands dealt, and play continues.",
        rulings=("M15", "M16", "M29", "M35"),
        quote="If neither player is prepared to break the stalemate the game ends at this point.",
    ),
    Clause(
        "malice.book.stalemate-aces-twos",
        _BOOK,
        "With `stalemate_aces_twos`, a seat holding an ace or two that can go to the centre may not "
        "make the pass that completes a stalemate, and after all have passed must play one.",
        rulings=("M17",),
        quote="Some say that if either player has any aces and twos in their concealed hand which "
        "can be played to the centre, they must play one such card to break the stalemate.",
    ),
    # -- Seed 002 (jacks) -----------------------------------------------------------------------
    Clause(
        "malice.jacks.wild-ace-covered",
        _JACKS,
        "A wild card played as an ace must be covered by a real 2 before the turn ends; the move "
        "is allowed only if cards the seat can see now make sure of it.",
        rulings=("M23", "M25"),
        quote="If you cannot ensure 100% that you can cover the wild-Ace with a real 2 when you "
        "play the wild-ace, this move is not allowed.",
    ),
    Clause(
        "malice.jacks.wild-on-wild-covered",
        _JACKS,
        "A wild card played on a wild card must be covered by a real card before the turn ends, "
        "made sure of by visible cards when it is played.",
        rulings=("M23", "M25"),
        quote="if a wild card is played on top of another wild card, it MUST be covered with a "
        "real numbered card.",
    ),
    Clause(
        "malice.jacks.wild-jack-queen",
        _JACKS,
        "Wild cards cannot stand for both the jack and the queen of a stack.",
        quote="Wild cards cannot be used for both a Jack and a Queen (11 and 12), as they cannot be "
        "covered.",
    ),
    Clause(
        "malice.jacks.must-be-sure",
        _JACKS,
        "A turn cannot end while an obligation (a wild to cover, an exchange owed) can still be "
        "met; one nothing can meet any more lapses at the end of the turn.",
        rulings=("M23", "M24"),
        quote="At the end of the turn, all sales are final, and there's no 'owing on the next turn'.",
    ),
    Clause(
        "malice.jacks.one-for-one",
        _JACKS,
        "A card of an opponent's discard pile may be played only at a 1:1 exchange for cards of "
        "their play deck played this turn, already or made sure of.",
        rulings=("M22", "M23"),
        quote="You may play the cards from your opponent's discard pile ONLY if you have already "
        "OR can ensure 100% that you will (in this turn) use their cards from their play deck, at "
        "a 1:1 exchange rate.",
    ),
    Clause(
        "malice.jacks.substitution",
        _JACKS,
        "An exposed wild card on top of a centre stack may be swapped for a real card of the value "
        "it stands for, from any legally playable place; the wild goes back where the real card "
        "came from.",
        rulings=("M26",),
        quote="At any time during your play turn, if there is an exposed wild card (a single wild "
        "card without being covered) in the common play area, you may substitute a real card for "
        "it, and switch the real value with the wild card.",
    ),
    Clause(
        "malice.jacks.forced-plays",
        _JACKS,
        "Equal play-deck tops are played together, an opponent's next rank follows their card, and "
        "a seat's next card of the same rank follows; the engine plays them (wild cards never), "
        "and a forced card with no place stays.",
        rulings=("M21",),
        quote="If you and your opponent have the same card rank, when one is played, the other "
        "must be played as well.",
    ),
    Clause(
        "malice.jacks.forced-place",
        _JACKS,
        "A forced card with several places waits for the seat to act to choose one "
        "(`PlaceForced`), and only the waiting card, to a place it fits.",
        rulings=("M21",),
        quote="either in the same location or different location if available, as decided at that "
        "moment by the current player",
    ),
    Clause(
        "malice.side.move-elsewhere",
        _JACKS,
        "Seed 002's side move takes a side-stack top to another of the seat's side stacks, never "
        "to the one it is on.",
        quote="move one of the top cards in your discard pile to any other discard pile.",
    ),
    Clause(
        "malice.jacks.last-turn",
        _JACKS,
        "Emptying a play deck does not end the game: the other seat has one more turn, and wins "
        "(a backstab) if it empties its play deck and every discard in it.",
        rulings=("M27", "M41"),
        quote="When a player empties their play deck, that's not the end of the game. The player "
        "finishes their turn as normal. The opponent has one more turn.",
    ),
    Clause(
        "malice.jacks.set-of-three",
        _JACKS,
        "A set is three games: each victor scores 1 and notes the cards left in the loser's play "
        "deck; after three games the larger card total takes 1 more point (none on a tie).",
        rulings=("M28",),
        quote="Finally, play 3 games. A total of 4 points are to be had: 3 points for victories, and "
        "1 point for winning the card-count total of all won games.",
    ),
    # -- Seed 004 (three_decks) -----------------------------------------------------------------
    Clause(
        "malice.side.empty-first",
        _THREE,
        "In seed 004 a card goes to an empty column first, unless it has the same number as the "
        "column's top card.",
        quote="Cards are placed in empty columns first.",
    ),
    Clause(
        "malice.side.equal-group",
        _THREE,
        "Seed 004 may discard two or more cards of the same number together (`discard_groups`); "
        "cards of different numbers never go together.",
        rulings=("M32",),
        quote="A player may place two or more cards from their hand with the same number on a "
        "column at the same time.",
    ),
    Clause(
        "malice.pools.twos-while-aces",
        _THREE,
        "In seed 004, while any pool shows an ace, a 2 the seat has (in hand, on its stack or a "
        "column top) must be played before its turn can end.",
        rulings=("M31",),
        quote="If a player has any 2's and there are aces in any pools, the 2's must be played "
        "before the players turn can end.",
    ),
)



#: When a clause holds, by the options of the rules (a clause not named here holds under every
#: preset): the clauses of seed 003's variations, of the book, and of seeds 002 and 004, and the
#: common game's clauses that a preset replaces.
HOLDS_WHEN: dict[str, Callable[[Rules], bool]] = {
    "malice.deal.layout": lambda rules: rules.hands_dealt,
    "malice.side.one-card": lambda rules: not rules.discard_groups,
    "malice.side.no-moves": lambda rules: not rules.side_moves,
    "malice.wild.kings": lambda rules: rules.kings_wild,
    "malice.compulsory.aces": lambda rules: rules.compulsory_aces,
    "malice.loading.allowed": lambda rules: rules.loading,
    "malice.loading.opponent": lambda rules: rules.loading,
    "malice.loading.source": lambda rules: rules.loading,
    "malice.loading.suit-and-rank": lambda rules: rules.loading,
    "malice.loading.last-card": lambda rules: rules.loading,
    "malice.wild.cannot-be": lambda rules: bool(rules.wild_cannot_be),
    "malice.scoring.points": lambda rules: rules.scoring is Scoring.POINTS,
    "malice.massachusetts.fill": lambda rules: rules.fill_empty_side_stacks,
    "malice.side.equal-or-one-less": lambda rules: rules.side_rule is SideRule.EQUAL_OR_ONE_LESS,
    "malice.book.aces-and-twos": lambda rules: rules.compulsory_aces_and_twos,
    "malice.book.stalemate": lambda rules: rules.end_without_discard,
    "malice.book.stalemate-aces-twos": lambda rules: rules.stalemate_aces_twos,
    "malice.jacks.wild-ace-covered": lambda rules: rules.wild_ace_covered,
    "malice.jacks.wild-on-wild-covered": lambda rules: rules.wild_on_wild_covered,
    "malice.jacks.wild-jack-queen": lambda rules: rules.wild_queen_stays,
    "malice.jacks.must-be-sure": lambda rules: (
        rules.wild_ace_covered or rules.wild_on_wild_covered or rules.opponent_discards
    ),
    "malice.jacks.one-for-one": lambda rules: rules.opponent_discards,
    "malice.jacks.substitution": lambda rules: rules.substitution,
    "malice.jacks.forced-plays": lambda rules: (
        rules.equal_tops_together or rules.opponent_next_rank_follows or rules.same_rank_follows
    ),
    "malice.jacks.forced-place": lambda rules: (
        rules.equal_tops_together or rules.opponent_next_rank_follows or rules.same_rank_follows
    ),
    "malice.side.move-elsewhere": lambda rules: rules.side_moves,
    "malice.jacks.last-turn": lambda rules: rules.backstab,
    "malice.jacks.set-of-three": lambda rules: rules.scoring is Scoring.SET_OF_THREE,
    "malice.side.empty-first": lambda rules: rules.side_rule is SideRule.EMPTY_FIRST,
    "malice.side.equal-group": lambda rules: rules.discard_groups,
    "malice.pools.twos-while-aces": lambda rules: rules.twos_while_aces,
}


def _always(rules: Rules) -> bool:
    return True


def _placed(written: Clause) -> Clause:
    """``written`` with its presets and variations, from :data:`HOLDS_WHEN`."""
    holds = HOLDS_WHEN.get(written.id, _always)
    presets = tuple(name for name in PRESETS if holds(Rules.preset(name)))
    variations = tuple(
        name for name in VARIATIONS if "common" not in presets and holds(Rules().variation(name))
    )
    return attrs.evolve(written, presets=presets, variations=variations)


CLAUSES: tuple[Clause, ...] = tuple(_placed(written) for written in _WRITTEN)
#: Each clause by its id.
BY_ID: dict[str, Clause] = {c.id: c for c in CLAUSES}
assert len(BY_ID) == len(CLAUSES), "clause ids must be unique"


def presets_note(c: Clause) -> str:
    """What docs/malice/rules.md says of a clause that not every preset holds.

    >>> presets_note(clause("malice.jacks.one-for-one")), presets_note(clause("malice.turn.seat"))
    (' — Preset: jacks.', '')
    >>> presets_note(clause("malice.loading.allowed"))
    ' — Variation: loading (on the common game).'
    >>> presets_note(clause("malice.book.stalemate-aces-twos"))
    ' — Only by its option.'
    """
    if c.presets == PRESETS:
        return ""
    note = f" — Preset{'s' if len(c.presets) > 1 else ''}: {', '.join(c.presets)}." if c.presets else ""
    if c.variations:
        note += f" — Variation{'s' if len(c.variations) > 1 else ''}: {', '.join(c.variations)} (on the common game)."
    return note or " — Only by its option."


def clause(clause_id: str) -> Clause:
    """The clause with this id; an unknown id raises ``KeyError`` naming the closest one.

    >>> clause("malice.centre.limit").quote
    'There cannot be more than three centre stacks at one time.'
    >>> clause("malice.centre.next")
    Traceback (most recent call last):
    ...
    KeyError: "no clause 'malice.centre.next'; did you mean malice.centre.next-higher?"
    """
    try:
        return BY_ID[clause_id]
    except KeyError:
        near = difflib.get_close_matches(clause_id, list(BY_ID), n=1)
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        raise KeyError(f"no clause {clause_id!r}{hint}") from None


_INTRO = """\
<!-- Generated by `python -m spite_rules.malice.clauses > docs/malice/rules.md`: edit spite_rules/malice/clauses.py, not this file. -->
# Spite and Malice: the rules, clause by clause

The rules of Spite and Malice as the engine implements them, from seed 003 (the common game, its
variations and the book version), seed 002 (the `jacks` preset) and seed 004 (the `three_decks`
preset), one clause at a time. Where a seed leaves a question open, the clause states the answer
the project ruled. Which options (`Rules` fields) each preset sets is in
[rules-options.md](rules-options.md).

**Ids.** Every clause has a stable id, `malice.` and its section first (for example
`malice.centre.next-higher`). Every refusal of the engine ends by naming the clause it breaks, as
in `a 9♠ cannot go on centre 1 showing 6: it needs a 7 [malice.centre.next-higher]`; the clauses
no move can break are the steps the engine takes by itself (drawing, completed stacks, the end,
scoring). In code, `spite_rules.malice.clauses.clause("malice.centre.next-higher")` returns the
clause, and `game("malice").clause_ids()` all their ids.

**Tests.** A test that pins a clause is marked `@pytest.mark.rule("ID")`, and `pytest --rule ID`
runs the tests of that one clause (a prefix such as `malice.centre` runs those of the clauses under
it).

**Rulings.** "Rulings" lists the entries of [rulings.md](rulings.md) (M1-M41) that settle what the
seeds leave open in the clause.

**Presets.** A clause that not every preset holds names the presets that do (and seed 003's
variations that bring it into the common game); one with no such note holds in every preset.

**Seed.** "Seed" quotes the words of the seed named by the section, verbatim. A clause without one
rests on several passages or on the rulings alone.
"""


def render_markdown() -> str:
    """The whole of docs/malice/rules.md: a title, how to read it, then every clause numbered.

    >>> text = render_markdown()
    >>> "**1. `malice.deal.layout`**:" in text, "## Seed 002 (jacks)" in text
    (True, True)
    """
    return render_clauses(_INTRO, CLAUSES, note=presets_note)


if __name__ == "__main__":
    print(render_markdown(), end="")
