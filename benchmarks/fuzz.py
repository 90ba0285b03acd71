"""The long fuzz run over both games (issue 34): every door, every preset and ruleset.

Games of Spite (rulesets 000 and 2023-07, and random option combinations) and of Spite and Malice
(presets common, book, jacks, three_decks, and random option combinations) are played with a mix
of actions: random legal moves, rule-breaking candidates (a legal move by another seat, or with
other cards), malformed actions (a field of the wrong type, or a value that is no action at all),
and JSON reloads of the state mid-game (play goes on from the reloaded state). Every call is
watched, and the run reports per 10^6 actions:

- non-library exceptions: anything a call raises that is not a ``SpiteError`` subclass;
- hangs: any call over 1 s of CPU time (a call over 10 s of wall time is stopped and counted);
- input mutations: a state (or a malformed value) changed by a call that took it;
- conservation breaks: the table's cards (real and fake) differ from the deal's;
- view leaks: a seat's view shows a card it may not see (multiset check against the hidden cards);
- apply/legal_moves disagreements: a listed move refused or breaking a rule, or a well-typed move
  not listed yet applied (Spite: applied as no misplay, no play out of turn; timeouts and dropped
  cards are not moves anyone chooses, so they are not counted); and a JSON reload that writes
  other JSON or offers other moves.

Run:  python benchmarks/fuzz.py --actions 100000          (both games, half each)
      python benchmarks/fuzz.py --actions 20000 --game malice --seed 7
The goal is 0 in every column; the first examples of each are printed to reproduce.
"""

from __future__ import annotations

import argparse
import collections
import enum
import math
import random
import signal
import sys
import time
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import spite_rules as sr  # noqa: E402
from spite_rules.core.engine import AnyGame, game  # noqa: E402
from spite_rules.core.fields import check_fields  # noqa: E402
from tests.conformance.test_conformance import cards_in  # noqa: E402 - the suite's own card walk

COLUMNS = (
    "non-library exceptions",
    "hangs (>1 s)",
    "input mutations",
    "conservation breaks",
    "view leaks",
    "apply/legal_moves disagreements",
)
HANG = 1.0
STOP = 10


class _Stopped(Exception):
    """A call ran past STOP seconds."""


def _alarm(signum: int, frame: Any) -> None:
    raise _Stopped


JUNK: tuple[Any, ...] = (
    None, True, False, -1, 0, 7, 10**19, 2.5, math.nan, "", "x", "3♦", "~4♣", b"3S", [], [1], ["3♦"],
    [["7♥"]], {"a": 1}, (), ("3♦",), object(),
)


class Fuzz:
    """One run: the counts, the first examples of each, the actions done."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.counts: collections.Counter[tuple[str, str]] = collections.Counter()  # (game, column)
        self.per_game: collections.Counter[str] = collections.Counter()  # actions per game
        self.playing = ""
        self.examples: dict[str, list[str]] = collections.defaultdict(list)
        self.actions = 0
        self.kinds: collections.Counter[str] = collections.Counter()
        self.most_buy_back_step = 0
        self.games = 0
        self.refused_rules = 0
        self.seconds = 0.0

    def found(self, column: str, where: str, what: str) -> None:
        self.counts[self.playing, column] += 1
        if len(self.examples[column]) < 8:
            self.examples[column].append(f"{where}: {what}")

    def call(self, where: str, door: Callable[[], Any]) -> tuple[bool, Any]:
        """Run ``door``: (True, result), or (False, the SpiteError it raised); other exceptions and
        slow calls are counted."""
        started = time.process_time()  # CPU time: a loaded machine does not make a slow call
        signal.alarm(STOP)
        try:
            return True, door()
        except sr.SpiteError as error:
            return False, error
        except _Stopped:
            self.found("hangs (>1 s)", where, f"stopped after {STOP} s")
            return False, None
        except Exception as error:  # noqa: BLE001 - what the run is looking for
            self.found("non-library exceptions", where, f"{type(error).__name__}: {str(error)[:200]}")
            return False, error
        finally:
            signal.alarm(0)
            took = time.process_time() - started
            if HANG < took < STOP:
                self.found("hangs (>1 s)", where, f"{took:.1f} s of CPU")


def random_spite_rules(rng: random.Random) -> Any:
    """A random combination of Spite's options (within their ranges, or now and then not)."""
    options: dict[str, Any] = {
        "ruleset_name": rng.choice(list(sr.RULESETS)),
        "decks": rng.randint(2, 4),
        "hand_size": rng.randint(5, 13),
        "referee": rng.choice(list(sr.Referee)),
        "decision_seconds": rng.randint(0, 9),
        "fake_jokers": rng.sample(["~4♣", "~8♥", "~10♠", "~Q♦", "~A♣", "~2♠", "~JK"], rng.randint(5, 7)),
    }
    options["losing_hand_size"] = options["hand_size"] + rng.randint(1, 12)
    for option in sr.rules.REVISION_OPTIONS:
        if rng.random() < 0.5:
            current = sr.RULESETS["000"].options[option]
            if isinstance(current, bool):
                options[option] = rng.random() < 0.5
            elif isinstance(current, enum.Enum):
                options[option] = rng.choice(list(type(current)))
            else:
                options[option] = rng.randint(0, 5)
    if rng.random() < 0.05:
        options[rng.choice(list(options))] = rng.choice(JUNK)
    return sr.Rules(**options)


def random_malice_rules(rng: random.Random) -> Any:
    """A random combination of Spite and Malice's options on top of a random preset: each bool
    flipped, each enum drawn, each int moved a little, one in ten."""
    import spite_rules.malice as sm

    base = sm.Rules.preset(rng.choice(game("malice").rules_names()))
    hints = typing.get_type_hints(type(base))
    changes: dict[str, Any] = {}
    for field in attrs.fields(type(base)):
        if not field.init or field.name == "name" or rng.random() > 0.1:
            continue
        hint, value = hints[field.name], getattr(base, field.name)
        if hint is bool:
            changes[field.name] = not value
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            changes[field.name] = rng.choice(list(hint))
        elif hint is int:
            changes[field.name] = max(0, value + rng.randint(-2, 2))
    if rng.random() < 0.05:
        changes[rng.choice([f.name for f in attrs.fields(type(base)) if f.init])] = rng.choice(JUNK)
    return attrs.evolve(base, **changes)


def _a_new_game(fuzz: Fuzz, played: AnyGame) -> tuple[Any, str] | None:
    rng = fuzz.rng
    names = played.rules_names()
    if rng.random() < 0.5:
        label = rng.choice(names)
        ok, rules = fuzz.call(f"{played.name} rules {label}", lambda: played.rules_named(label))
    else:
        label = "random options"
        maker = random_spite_rules if played.name == "spite" else random_malice_rules
        ok, rules = fuzz.call(f"{played.name} random rules", lambda: maker(rng))
    if not ok:
        fuzz.refused_rules += 1
        return None
    seed = rng.randrange(10**6)
    players = rng.randint(played.min_players, played.max_players)
    where = f"{played.name} {label} {players} seats seed {seed}"
    ok, state = fuzz.call(where, lambda: played.new_game(players, seed=seed, rules=rules))
    if not ok:
        ok, state = fuzz.call(where, lambda: played.new_game(played.min_players, seed=seed, rules=rules))
    if not ok:
        fuzz.refused_rules += 1
        return None
    fuzz.games += 1
    return state, f"{played.name} {label} ({rules!r:.80}) seed {seed}"


def _card_fields(action: Any) -> list[str]:
    return [
        field.name for field in attrs.fields(type(action))
        if isinstance(getattr(action, field.name), sr.Card)
        or (isinstance(getattr(action, field.name), tuple) and getattr(action, field.name)
            and all(isinstance(card, sr.Card) for card in getattr(action, field.name)))
    ]


def rule_breaking(fuzz: Fuzz, played: AnyGame, state: Any, moves: tuple[Any, ...]) -> Any:
    """A well-typed candidate, likely not listed: a listed move by another seat, or with cards
    drawn from the whole table."""
    rng = fuzz.rng
    move = rng.choice(moves)
    changes: dict[str, Any] = {}
    fields = _card_fields(move)
    if fields and rng.random() < 0.6:
        table = list(played.all_cards(state).elements())
        name = rng.choice(fields)
        if isinstance(getattr(move, name), sr.Card):
            changes[name] = rng.choice(table)
        else:
            changes[name] = tuple(rng.sample(table, min(len(table), rng.randint(1, 4))))
    else:
        changes["player"] = rng.randrange(played.seats(state))
    return attrs.evolve(move, **changes)


def malformed(fuzz: Fuzz, moves: tuple[Any, ...]) -> Any:
    """An action with a field of the wrong type (made around its ``__init__``, so that ``apply``'s
    own door is tried), or a value that is no action."""
    rng = fuzz.rng
    if not moves or rng.random() < 0.2:
        return rng.choice(JUNK)
    move = rng.choice(moves)
    try:
        bare = object.__new__(type(move))
    except TypeError:  # a compiled Frozen action (Spite and Malice's): its typed fields hold no wrong value
        return rng.choice(JUNK)
    fields = [field for field in attrs.fields(type(move))]
    wrong = rng.choice([field.name for field in fields if field.init])
    for field in fields:
        object.__setattr__(bare, field.name, rng.choice(JUNK) if field.name == wrong else getattr(move, field.name))
    return bare


def check_views(fuzz: Fuzz, played: AnyGame, state: Any, where: str) -> None:
    total = played.all_cards(state)
    if played.name == "spite":
        # A fake joker that stands in the trick is back in the pile already (turns._stand), so it
        # is on the table twice: its own seat sees it in the trick while the pile hides it.
        total = total + collections.Counter(
            card for play in state.trick.plays for card in play.cards if card.fake
        )
    for seat in range(played.seats(state)):
        ok, seen = fuzz.call(f"{where} view {seat}", lambda: played.view(state, seat))
        if not ok:
            continue
        visible = total - played.hidden_cards(state, seat)
        if played.name == "spite":  # a seat's own play waiting out of turn is still in its hand
            visible += collections.Counter(
                card for waiting in state.pending if waiting.player == seat for card in waiting.cards
            )
        # A Hand's cards are its play's cards again (not looked into: after a JSON reload they are
        # a tuple of their own, which the walk would count twice).
        leaked = collections.Counter(cards_in(seen, public=(played.rules_type, sr.Hand))) - visible
        if leaked:
            fuzz.found("view leaks", where, f"seat {seat} sees {sorted(map(str, leaked.elements()))}")


def play_game(fuzz: Fuzz, played: AnyGame, budget: int) -> None:
    """One game (a Spite round, a Spite and Malice game) of up to ``budget`` actions."""
    fuzz.playing = played.name
    made = _a_new_game(fuzz, played)
    if made is None:
        return
    state, label = made
    total = played.all_cards(state)
    rng = fuzz.rng
    for step in range(budget):
        where = f"{label} step {step}"
        if played.is_over(state):
            return
        ok, moves = fuzz.call(f"{where} legal_moves", lambda: played.legal_moves(state))
        if not ok:
            return
        if not moves:
            fuzz.found("apply/legal_moves disagreements", where, "no legal move in a game that is not over")
            return
        if step % 5 == 0:
            check_views(fuzz, played, state, where)
        roll = rng.random()
        if roll < 0.05:
            fuzz.kinds["JSON reload"] += 1
            text = sr.to_json(state)
            ok, again = fuzz.call(f"{where} from_json", lambda: sr.from_json(text, type(state)))
            if not ok:
                fuzz.found("apply/legal_moves disagreements", where, f"its own JSON did not read back: {again}")
                return
            again_moves = played.legal_moves(again)
            if sr.to_json(again) != text or [sr.to_json(m) for m in again_moves] != [sr.to_json(m) for m in moves]:
                fuzz.found("apply/legal_moves disagreements", where, "a JSON reload writes other JSON or offers other moves")
            state, moves = again, again_moves
        if roll < 0.75:
            kind, action = "legal", rng.choice(moves)
        elif roll < 0.9:
            kind = "rule-breaking"
            ok, action = fuzz.call(f"{where} constructor", lambda: rule_breaking(fuzz, played, state, moves))
            if not ok:
                continue
        else:
            kind, action = "malformed", malformed(fuzz, moves)
            try:
                check_fields(action)
                kind = "rule-breaking"  # the junk drawn was of the field's type after all
            except sr.IllegalAction:
                pass
        fuzz.kinds[kind] += 1
        fuzz.actions += 1
        fuzz.per_game[played.name] += 1
        ok, before = fuzz.call(f"{where} to_json of the state", lambda: sr.to_json(state))
        if not ok:
            return
        given = repr(action) if kind == "malformed" else None
        ok, result = fuzz.call(f"{where} apply {action!r:.120}", lambda: played.apply(state, action))
        if sr.to_json(state) != before:
            fuzz.found("input mutations", where, f"apply({action!r:.120}) changed its state")
        if kind == "malformed" and repr(action) != given:
            fuzz.found("input mutations", where, f"apply changed the action given: {given:.120}")
        listed = kind == "legal" or (kind == "rule-breaking" and action in moves)
        if kind == "malformed":
            if ok:
                fuzz.found("apply/legal_moves disagreements", where, f"a malformed action applied: {given:.120}")
            continue
        if not ok:
            if listed and isinstance(result, sr.SpiteError):
                fuzz.found("apply/legal_moves disagreements", where, f"listed {action} refused: {result}")
            continue
        after, events = result
        breaks = [rule for seat, rule in played.rule_breaks(events) if seat == action.player]
        if listed and breaks:
            fuzz.found("apply/legal_moves disagreements", where, f"listed {action} broke {breaks}")
        if not listed and not breaks and not played.awaits_judgement(events) and not _unchosen(action):
            fuzz.found("apply/legal_moves disagreements", where, f"unlisted {action} applied as a legal move")
        if played.name == "spite":
            fuzz.most_buy_back_step = max(fuzz.most_buy_back_step, after.buy_back_step)
        ok, written = fuzz.call(f"{where} to_json after apply({action!r:.120})", lambda: sr.to_json(after))
        if not ok:
            return
        if played.all_cards(after) != total:
            fuzz.found("conservation breaks", where, f"after {action}")
            return
        state = after


def _unchosen(action: Any) -> bool:
    """Spite's timeouts and dropped cards: accepted by apply, never listed (legal_moves)."""
    return isinstance(action, (sr.Timeout, sr.DropCards))


def run(actions: int, seed: int, games: tuple[str, ...]) -> Fuzz:
    fuzz = Fuzz(seed)
    signal.signal(signal.SIGALRM, _alarm)
    started = time.perf_counter()
    while fuzz.actions < actions:  # the game with fewer actions so far plays next: half each
        played = game(min(games, key=lambda name: fuzz.per_game[name]))
        play_game(fuzz, played, min(400, actions - fuzz.actions))
    fuzz.seconds = time.perf_counter() - started
    return fuzz


def report(fuzz: Fuzz) -> str:
    games = sorted(fuzz.per_game)
    lines = [
        f"spite_rules fuzz: {fuzz.actions:,} actions in {fuzz.games:,} games "
        f"({fuzz.seconds:.0f} s, {fuzz.actions / max(fuzz.seconds, 1e-9):.0f} actions/s); "
        + ", ".join(f"{kind} {count:,}" for kind, count in sorted(fuzz.kinds.items())),
        "actions per game: " + ", ".join(f"{name} {fuzz.per_game[name]:,}" for name in games),
        f"rule sets refused at construction (random options out of range): {fuzz.refused_rules:,}; "
        f"highest Spite buy-back step reached: {fuzz.most_buy_back_step}",
        "",
        f"{'found (per 10^6 actions of that game)':<38}" + "".join(f"{name:>20}" for name in games),
    ]
    for column in COLUMNS:
        cells = ""
        for name in games:
            count = fuzz.counts[name, column]
            cells += f"{count:>8,} ({count * 10**6 / max(fuzz.per_game[name], 1):>8,.0f})"[:20].rjust(20)
        lines.append(f"{column:<38}{cells}")
    for column in COLUMNS:
        for example in fuzz.examples.get(column, []):
            lines.append(f"  [{column}] {example}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=100_000, help="actions to apply in all (default 100,000)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--game", choices=("both", "spite", "malice"), default="both")
    arguments = parser.parse_args()
    games = ("spite", "malice") if arguments.game == "both" else (arguments.game,)
    print(report(run(arguments.actions, arguments.seed, games)))


if __name__ == "__main__":
    main()
