"""Spite and Malice's clause table (spite_rules/malice/clauses.py): docs/malice/rules.md is
generated from it, every refusal names one of its clauses, and the refusals no other test pins."""

from pathlib import Path

import pytest

import spite_rules.malice as sm
from spite_rules.cards import parse_cards
from spite_rules.core.engine import game
from spite_rules.errors import IllegalAction
from spite_rules.malice.breaches import source_breach
from spite_rules.malice.clauses import BY_ID, CLAUSES, render_markdown
from spite_rules.malice.piles import centre_limit_breach
from spite_rules.malice.rules import Rules
from tests.malice.malice_helpers import altered, refusal_ids

ROOT = Path(__file__).resolve().parents[2]


def test_docs_malice_rules_md_is_generated_from_the_clauses() -> None:
    assert (ROOT / "docs" / "malice" / "rules.md").read_text(encoding="utf-8") == render_markdown(), (
        "docs/malice/rules.md is stale: run `python -m spite_rules.malice.clauses > docs/malice/rules.md`"
    )


def test_every_rule_a_refusal_names_is_a_clause_and_the_game_lists_them_all() -> None:
    named = refusal_ids()
    assert len(named) >= 40 and "malice.jacks.must-be-sure" in named  # the walk finds the tags
    assert named <= set(BY_ID), sorted(named - set(BY_ID))
    assert game("malice").clause_ids() == frozenset(c.id for c in CLAUSES)
    assert all(c.id.startswith("malice.") for c in CLAUSES)


def test_every_clause_cites_rulings_that_exist() -> None:
    rulings = (ROOT / "docs" / "malice" / "rulings.md").read_text(encoding="utf-8")
    missing = [(c.id, r) for c in CLAUSES for r in c.rulings if f"**{r}. " not in rulings]
    assert not missing


@pytest.mark.rule("malice.centre.limit")
def test_no_new_centre_stack_beyond_the_limit() -> None:
    """Ruling M40: an ace played to the space after the last, with every space taken, is refused by
    the limit (seed 003: "There cannot be more than three centre stacks at one time")."""
    full = tuple(parse_cards(card) for card in ("A♠", "A♦", "A♣"))
    assert centre_limit_breach(Rules(), full, 2, 3) == (
        "no new centre stack: there cannot be more than 3 at one time [malice.centre.limit]"
    )
    for rules, stacks in ((Rules(), ["A♠", "A♦", "A♣"]), (Rules(centre_limit=sm.CentreLimit.FOUR), ["A♠", "A♦", "A♣", "A♥"]),
                          (Rules.preset("jacks"), ["A♠", "A♦", "A♣", "A♥ 2♥"])):
        limit = len(stacks)
        state = sm.setup(payoff=["9♦", "Q♣"], hands=["A♥ 7♥", ""], centre=stacks, rules=rules)
        with pytest.raises(IllegalAction) as refused:
            sm.apply(state, sm.parse_action(state, f"play A♥ from hand to centre {limit + 1}"))
        assert str(refused.value) == (
            f"no new centre stack: there cannot be more than {limit} at one time [malice.centre.limit]"
        )


@pytest.mark.rule("malice.loading.opponent")
def test_loading_only_onto_an_opponents_pay_off_pile() -> None:
    state = sm.setup(payoff=["2♣ 5♥", "8♥"], hands=["10♥ 9♥", ""], rules=Rules().variation("loading"))
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.Load(0, "9♥", 0))
    assert str(refused.value) == "seat 0 is not an opponent whose pay-off pile can be loaded [malice.loading.opponent]"


@pytest.mark.rule("malice.loading.suit-and-rank")
def test_loading_needs_the_same_suit_and_one_rank_higher_or_lower() -> None:
    state = sm.setup(payoff=["2♣ 5♥", "8♥"], hands=["10♥ 9♠ 9♥", ""], rules=Rules().variation("loading"))
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.Load(0, "9♠", 1))
    assert str(refused.value) == (
        "a 9♠ cannot be loaded on 8♥: it must be the same suit and one rank higher or lower "
        "[malice.loading.suit-and-rank]"
    )
    assert any(isinstance(move, sm.Load) and str(move.card) == "9♥" for move in sm.legal_moves(state))


@pytest.mark.rule("malice.sources.origin")
def test_a_card_comes_only_from_the_hand_a_pay_off_or_a_side_stack() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["A♥", ""])
    play = altered(sm.Play(0, "A♥", 0), origin="deck")  # apply refuses it by type first; the rule is the guard
    with pytest.raises(IllegalAction, match="^Play.origin must be an Origin, not 'deck'"):
        sm.apply(state, play)
    assert source_breach(state, play) == "origin 'deck' is not hand, pay-off or side [malice.sources.origin]"


@pytest.mark.rule("malice.sources.seat")
def test_a_pile_played_from_belongs_to_a_seat_of_the_table() -> None:
    state = sm.setup(payoff=["9♦", "A♣"], hands=["7♥", ""], rules=Rules.preset("jacks"))
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.Play(0, "A♣", 0, origin=sm.Origin.PAYOFF, owner=4))
    assert str(refused.value) == "seat 4 does not exist (seats are 0 to 1) [malice.sources.seat]"


@pytest.mark.rule("malice.side.move-elsewhere")
def test_jacks_a_side_move_goes_to_another_side_stack() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""], side=[["8♠ 5♣"], []], rules=Rules.preset("jacks"))
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.MoveSide(0, "5♣", 0, 0))
    assert str(refused.value) == "5♣ is on side 1 already [malice.side.move-elsewhere]"
    sm.apply(state, sm.MoveSide(0, "5♣", 0, 1))


@pytest.mark.rule("malice.turn.phase")
def test_a_forced_card_is_placed_only_while_one_waits() -> None:
    state = sm.setup(payoff=["5♠", "6♠"], hands=["7♥", ""], rules=Rules.preset("jacks"))
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.PlaceForced(0, "5♠", 0))
    assert str(refused.value) == (
        "no forced card is waiting for a place: that is done only when one is [malice.turn.phase]"
    )


@pytest.mark.rule("malice.turn.seat")
def test_an_action_names_a_seat_of_the_table() -> None:
    state = sm.setup(payoff=["9♦", "Q♣"], hands=["7♥", ""])
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.Discard(5, "7♥", 0))
    assert str(refused.value) == "seat 5 does not exist (seats are 0 to 1) [malice.turn.seat]"


def test_docs_malice_api_md_names_the_whole_public_surface() -> None:
    text = (ROOT / "docs" / "malice" / "api.md").read_text(encoding="utf-8")
    missing = [name for name in sm.__all__ if name not in text]
    assert not missing, f"docs/malice/api.md does not mention {missing}"
    assert all(name in text for name in sm.PRESETS) and all(name in text for name in sm.VARIATIONS)


def test_a_load_from_a_side_stack_says_so_in_its_notation() -> None:
    """A load names where its card comes from, even where the rules refuse it (seed 003: "you are
    not allowed to load cards from your discard piles")."""
    import spite_rules.malice as sm

    assert str(sm.Load(0, "9♥", 1, origin="side")) == "seat 0: load 9♥ from side onto seat 1's pay-off"
    assert str(sm.Load(0, "9♥", 1, origin="pay-off")) == "seat 0: load 9♥ from pay-off onto seat 1's pay-off"


@pytest.mark.rule("malice.centre.next-higher")
def test_a_refusal_names_a_clause_a_front_end_can_show() -> None:
    state = sm.setup(payoff=["5♠", "6♠"], hands=["9♣", ""], centre=["A♥ 2♥"])
    with pytest.raises(IllegalAction) as refused:
        sm.apply(state, sm.Play(0, "9♣", 0))
    named = str(refused.value).rsplit("[", 1)[1].rstrip("]")
    assert named == "malice.centre.next-higher"
    assert sm.clause(named).quote == BY_ID["malice.centre.next-higher"].quote


def test_apply_is_typed_as_shared_malice_api_md_says() -> None:
    """MALICE-API: ``sm.apply(state, action) -> tuple[sm.State, tuple[sm.Event, ...]]``."""
    import typing

    assert typing.get_type_hints(sm.apply)["return"] == tuple[sm.State, tuple[sm.Event, ...]]


def test_docs_malice_api_md_examples_run_as_written() -> None:
    """Every Python example of docs/malice/api.md runs, statement by statement, in one namespace
    (``seat`` and ``event`` stand for any); a statement whose comment says ``IllegalAction: '...'``
    raises exactly that."""
    import re

    import attrs

    import spite_rules as sr

    text = (ROOT / "docs" / "malice" / "api.md").read_text(encoding="utf-8")
    names: dict[str, object] = {"sm": sm, "sr": sr, "attrs": attrs, "seat": 0, "event": sm.TurnBegan(0)}
    ran = 0
    for block in re.findall(r"```python\n(.*?)```", text, re.S):
        chunk: list[str] = []
        for line in block.splitlines():
            chunk.append(line)
            source = "\n".join(chunk)
            try:
                code = compile(source, "docs/malice/api.md", "exec")
            except SyntaxError:
                continue
            refused = re.search(r"# IllegalAction: '(.*)'$", source)
            if refused:
                with pytest.raises(IllegalAction) as raised:
                    exec(code, names)
                assert str(raised.value) == refused.group(1)
            else:
                exec(code, names)
            ran += 1
            chunk = []
        assert not chunk, f"an example does not parse: {chunk}"
    assert ran >= 10


def test_every_clause_names_the_presets_or_variations_it_belongs_to_not_spites_rulesets() -> None:
    # Issue 33: a Spite and Malice clause's presets, worked out from the options (HOLDS_WHEN).
    from spite_rules.malice.clauses import CLAUSES, HOLDS_WHEN, clause
    from spite_rules.malice.rules import PRESETS

    assert set(HOLDS_WHEN) <= {c.id for c in CLAUSES}
    for c in CLAUSES:
        assert not hasattr(c, "rulesets"), c.id
        assert set(c.presets) <= set(PRESETS), c.id
        if c.id.startswith("malice.jacks."):
            assert c.presets == ("jacks",), c.id
        if c.section.startswith("Seed 003 (common)") and c.id not in HOLDS_WHEN:
            assert c.presets == PRESETS, c.id
    assert clause("malice.pools.twos-while-aces").presets == ("three_decks",)
    assert clause("malice.book.aces-and-twos").presets == ("book",)
    assert clause("malice.wild.kings").presets == ("common", "jacks")
    assert clause("malice.side.no-moves").presets == ("common", "book", "three_decks")
    assert clause("malice.massachusetts.fill").variations == ("massachusetts",)
    assert clause("malice.compulsory.aces").variations == ("compulsory_aces", "loading")


def test_the_action_and_event_modules_export_every_member_of_their_unions() -> None:
    """``__all__`` stays a literal list (type checkers and editors read only those), held here to
    the unions that define the kinds, so that a new action or event cannot be left out."""
    from spite_rules.malice import actions, events

    assert set(actions.__all__) == {"Action", "Origin", *(kind.__name__ for kind in actions.Action.__args__)}  # type: ignore[attr-defined]
    assert set(events.__all__) == {"Event", *(kind.__name__ for kind in events.Event.__args__)}  # type: ignore[attr-defined]
