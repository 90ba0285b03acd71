"""Rules as data: the presets, every option on ``sm.Rules`` changeable with ``attrs.evolve``, seed
003's named variations, and the ruleset versions."""

from __future__ import annotations

import attrs
import pytest

import spite_rules.malice as sm
from spite_rules.errors import IllegalAction


def test_the_default_rules_are_the_common_preset() -> None:
    assert sm.Rules() == sm.Rules.preset("common")
    assert sm.PRESETS == ("common", "book", "jacks", "three_decks")


def test_common_preset_is_seed_003s_main_version() -> None:
    rules = sm.Rules()
    assert (rules.decks, rules.jokers, rules.payoff_size, rules.hand_size) == (2, 0, 20, 5)
    assert rules.kings_wild and rules.top_value == 12
    assert rules.centre_limit is sm.CentreLimit.THREE and rules.side_stacks == 4
    assert rules.completed is sm.Completed.SHUFFLE_INTO_STOCK and rules.scoring is sm.Scoring.NONE


def test_book_preset_splits_the_packs_and_scores() -> None:
    rules = sm.Rules.preset("book")
    assert rules.split_packs and rules.jokers == 4 and rules.payoff_size == 26
    assert rules.side_rule is sm.SideRule.EQUAL_OR_ONE_LESS and rules.compulsory_aces_and_twos
    assert rules.end_without_discard and rules.scoring is sm.Scoring.POINTS and rules.max_players == 2
    assert rules.centre_limit is sm.CentreLimit.UNLIMITED


def test_book_kings_are_natural_and_jokers_cannot_be_aces() -> None:
    """Ruling M1."""
    rules = sm.Rules.preset("book")
    assert not rules.kings_wild and rules.top_value == 13 and rules.wild_cannot_be == (1,)


def test_jacks_preset_sets_every_seed_002_rule() -> None:
    rules = sm.Rules.preset("jacks")
    assert (rules.decks, rules.jokers, rules.payoff_size, rules.hands_dealt) == (2, 4, 30, False)
    assert rules.centre_limit is sm.CentreLimit.FOUR and rules.wild_queen_stays
    assert rules.opponent_payoff and rules.opponent_discards and rules.substitution
    assert rules.wild_ace_covered and rules.wild_on_wild_covered and rules.backstab
    assert rules.equal_tops_together and rules.opponent_next_rank_follows and rules.same_rank_follows
    assert rules.side_moves and rules.end_without_discard and rules.scoring is sm.Scoring.SET_OF_THREE


def test_three_decks_preset_has_no_wild_cards_and_pools_to_the_king() -> None:
    rules = sm.Rules.preset("three_decks")
    assert (rules.decks, rules.payoff_size, rules.kings_wild, rules.jokers) == (3, 27, False, 0)
    assert rules.top_value == 13 and rules.side_rule is sm.SideRule.EMPTY_FIRST
    assert rules.twos_while_aces and rules.discard_groups


def test_an_option_changes_on_top_of_a_preset_with_evolve() -> None:
    rules = attrs.evolve(sm.Rules.preset("book"), centre_limit=sm.CentreLimit.FOUR)
    assert rules.centre_limit is sm.CentreLimit.FOUR and rules.split_packs
    assert rules.version == "003-book-r1+centre_limit=4"


def test_a_version_names_every_option_changed_from_its_preset_as_spites_does() -> None:
    """MALICE-API: "``rules.version``: a ruleset version string per preset, as Spite's
    ``Rules().version``" (Spite's adds ``+name=value`` for each option changed)."""
    assert sm.Rules().variation("loading").version == (
        "003-common-r1+centre_limit=unlimited,compulsory_aces=true,loading=true"
    )
    jacks = sm.Rules.preset("jacks")
    assert attrs.evolve(jacks, payoff_size=jacks.payoff_size).version == "002-jacks-r1"
    assert attrs.evolve(jacks, target_score=50).version == "002-jacks-r1+target_score=50"


def test_rules_are_frozen() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        sm.Rules().decks = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    "name, version",
    [("common", "003-common-r1"), ("book", "003-book-r1"), ("jacks", "002-jacks-r1"),
     ("three_decks", "004-three_decks-r1")],
)
def test_each_preset_has_a_ruleset_version(name: str, version: str) -> None:
    assert sm.Rules.preset(name).version == version


def test_an_unknown_preset_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(IllegalAction, match="preset 'chess' does not exist"):
        sm.Rules.preset("chess")


def test_every_named_variation_is_a_set_of_options() -> None:
    for name, options in sm.VARIATIONS.items():
        rules = sm.Rules().variation(name)
        for option, value in options.items():
            assert getattr(rules, option) == (tuple(value) if isinstance(value, tuple) else value), name


def test_a_variation_combines_with_any_preset() -> None:
    rules = sm.Rules.preset("book").variation("spread")
    assert rules.spread_side_stacks and rules.split_packs


def test_wild_cannot_be_is_kept_sorted_and_unique() -> None:
    assert sm.Rules(wild_cannot_be=(7, 1, 7)).wild_cannot_be == (1, 7)


def test_the_options_table_in_the_docs_names_every_option() -> None:
    from pathlib import Path

    table = (Path(__file__).parents[2] / "docs" / "malice" / "rules-options.md").read_text(encoding="utf-8")
    for field in attrs.fields(sm.Rules):
        assert f"`{field.name}`" in table, field.name
