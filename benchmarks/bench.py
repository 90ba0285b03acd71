"""spite_rules benchmark: playout throughput, legal_moves latency, a reference engine, memory.

Run:  python benchmarks/bench.py            (all sections; about two minutes)
      python benchmarks/bench.py --quick    (smaller samples)
      python benchmarks/bench.py --malice   (only Spite and Malice's section, 2b)
The RLCard reference needs the optional extra:  pip install -e ".[benchmark]"

Prints the build it measured (pure Python or compiled with mypyc: see the README), figures, and
PASS/FAIL lines for the targets of issue 23:
- random-playout actions/s for 4 players at least 2.5x RLCard Dou Dizhu's, in slices interleaved
  with it (7 players reported beside it; and the bulk API, ``sr.playouts``, beside the public loop);
- legal_moves at a 19-card lead (two 13s and a joker): cold median under 2 ms, p95 under 5 ms;
- Spite and Malice (issue 19): random-playout actions/s of every preset (2 players) at least 3x
  RLCard Dou Dizhu's, in slices interleaved with it; and the latency of ``legal_moves`` (seed 002's
  "must be sure" search) over 1,000 random jacks positions (median, 95th percentile, worst);
- a 1,000-round simulation's peak memory under 200 MB and flat (no growth with the round count);
  and the bytes of one ``State`` object, of a whole state, and of the parts of a state not shared
  with the state before it (what a tree search keeping millions of states pays per state), for
  both games.
"""

from __future__ import annotations

import argparse
import enum
import gc
import random
import resource
import statistics
import subprocess
import sys
import time

import attrs

import spite_rules as sr
import spite_rules.malice as sm


def playouts(players: int, seconds: float, first_round: int = 0) -> tuple[int, int, float]:
    """Random legal moves from seeded new_game rounds, from round ``first_round`` on, for about
    ``seconds`` of CPU time: (rounds, actions, CPU seconds)."""
    rules = sr.Rules(referee=sr.Referee.AUTOMATIC)
    rounds = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        number = first_round + rounds
        rng = random.Random(number)
        state = sr.new_game(players, seed=number, rules=rules)
        while not state.round_over:
            state, _ = sr.apply(state, rng.choice(sr.legal_moves(state)))
            actions += 1
        rounds += 1
    return rounds, actions, time.process_time() - started


def _lead_position(cards: int, seed: int, wild: bool) -> sr.State:
    rng = random.Random(seed)
    deck = [c for c in sr.spite_deck() if not (c.is_joker or c.is_thirteen)]
    rng.shuffle(deck)
    hand = deck[:cards]
    if wild:  # the worst case: two 13s and a joker among the 19
        hand = hand[: cards - 3] + [sr.Card("13", "♥"), sr.Card("13", "♦"), sr.Card("JK")]
    return sr.setup(hands=[hand, deck[cards : cards + 11], deck[cards + 11 : cards + 22]])


def _consec_pair_follow(seed: int) -> sr.State:
    """Seat 0 (17 cards) to follow a pair under a numerical + suited consec (5♦5♣, 6♦6♣, 7♦7♣)."""
    rng = random.Random(seed)
    deck = [c for c in sr.spite_deck() if not c.is_joker]
    rng.shuffle(deck)
    state = sr.setup(
        hands=[deck[:15] + list(sr.parse_cards("8♦ 8♣")), "5♦ 5♣ 9♠", "6♦ 6♣ 9♥", "7♦ 7♣ 9♣"],
        leader=1,
    )
    for action in (sr.Play(1, "5♦ 5♣"), sr.Play(2, "6♦ 6♣"), sr.Play(3, "7♦ 7♣")):
        state, _ = sr.apply(state, action)
    assert state.to_act == 0 and state.trick.consec_in_force
    return state


def latency(make: object, samples: int, warm: bool = False) -> tuple[float, float, float]:
    """(median ms, 95th percentile ms, median move count) of legal_moves over seeded positions.

    Cold: each position's hand is new to the engine's caches (the first time a hand is seen).
    Warm: the same position asked again, as a bot re-reading its own hand would."""
    times, counts = [], []
    for seed in range(samples):
        state = make(seed)  # type: ignore[operator]
        if warm:
            sr.legal_moves(state)
        started = time.process_time()
        moves = sr.legal_moves(state)
        times.append((time.process_time() - started) * 1000)
        counts.append(len(moves))
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))], statistics.median(counts)


class RLCardDoudizhu:
    """RLCard's Dou Dizhu game, random legal actions (legal actions + step is one action), run in
    slices that continue one another: :meth:`run` plays for about ``seconds`` of CPU time."""

    def __init__(self) -> None:
        import numpy as np
        from rlcard.games.doudizhu.game import DoudizhuGame  # type: ignore[import-untyped]

        self.game = DoudizhuGame(allow_step_back=False)
        self.game.np_random = np.random.RandomState(1)
        self.rng = random.Random(1)

    def run(self, seconds: float) -> tuple[int, float]:
        """(actions, CPU seconds) of random playouts, whole games only."""
        game, rng = self.game, self.rng
        actions = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            state, _ = game.init_game()
            while not game.is_over():
                state, _ = game.step(rng.choice(state["actions"]))
                actions += 1
        return actions, time.process_time() - started


def side_by_side(
    seconds: float, slices: int
) -> tuple[tuple[int, int, float], tuple[int, float] | None, list[float]]:
    """4-player spite_rules playouts and RLCard Dou Dizhu, alternating in ``slices`` slices each
    (``seconds`` in all per engine), so drift in the machine's speed touches both alike:
    (spite rounds, actions, CPU s), (RLCard actions, CPU s) or None, and each slice pair's ratio."""
    try:
        reference: RLCardDoudizhu | None = RLCardDoudizhu()
    except ImportError:
        reference = None
    rounds = actions = 0
    elapsed = 0.0
    theirs_actions, theirs_elapsed = 0, 0.0
    ratios = []
    for _ in range(slices):
        n, a, e = playouts(4, seconds / slices, first_round=rounds)
        rounds, actions, elapsed = rounds + n, actions + a, elapsed + e
        if reference is not None:
            ta, te = reference.run(seconds / slices)
            theirs_actions, theirs_elapsed = theirs_actions + ta, theirs_elapsed + te
            ratios.append((a / e) / (ta / te))
    theirs = (theirs_actions, theirs_elapsed) if reference is not None else None
    return (rounds, actions, elapsed), theirs, ratios


def malice_playouts(rules: sm.Rules, seconds: float, first_seed: int = 0) -> tuple[int, int, float]:
    """Spite and Malice random playouts (2 players) from seeded new_game games, from seed
    ``first_seed`` on, for about ``seconds`` of CPU time: (games, actions, CPU seconds)."""
    games = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        seed = first_seed + games
        rng = random.Random(seed)
        state = sm.new_game(2, seed=seed, rules=rules)
        while not state.game_over:
            state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))
            actions += 1
        games += 1
    return games, actions, time.process_time() - started


def malice_side_by_side(
    seconds: float, slices: int
) -> tuple[dict[str, tuple[int, int, float]], tuple[int, float] | None, dict[str, list[float]]]:
    """Every Spite and Malice preset and RLCard Dou Dizhu, alternating in ``slices`` slices each
    (``seconds`` in all per preset and for RLCard): per preset (games, actions, CPU s), RLCard's
    (actions, CPU s) or None, and per preset each slice's ratio to the RLCard slice beside it."""
    try:
        reference: RLCardDoudizhu | None = RLCardDoudizhu()
    except ImportError:
        reference = None
    totals = {name: (0, 0, 0.0) for name in sm.PRESETS}
    ratios: dict[str, list[float]] = {name: [] for name in sm.PRESETS}
    theirs_actions, theirs_elapsed = 0, 0.0
    for _ in range(slices):
        mine = {}
        for name in sm.PRESETS:
            games, actions, elapsed = totals[name]
            n, a, e = malice_playouts(sm.Rules.preset(name), seconds / slices, first_seed=games)
            totals[name] = (games + n, actions + a, elapsed + e)
            mine[name] = a / e
        if reference is not None:
            ta, te = reference.run(seconds / slices)
            theirs_actions, theirs_elapsed = theirs_actions + ta, theirs_elapsed + te
            for name in sm.PRESETS:
                ratios[name].append(mine[name] / (ta / te))
    theirs = (theirs_actions, theirs_elapsed) if reference is not None else None
    return totals, theirs, ratios


def jacks_latency(count: int) -> list[float]:
    """Milliseconds of CPU time of one cold ``legal_moves`` call (its memo cleared) at each of
    ``count`` positions of random jacks playouts (every 3rd state of seeded games): seed 002's
    "must be sure" search runs in these."""
    rules = sm.Rules.preset("jacks")
    positions: list[sm.State] = []
    seed = 0
    while len(positions) < count:
        state = sm.new_game(2, seed=seed, rules=rules)
        rng = random.Random(seed)
        step = 0
        while not state.game_over and len(positions) < count:
            if step % 3 == 0:
                positions.append(attrs.evolve(state))  # a copy: it ignores the moves kept with the state
            state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))
            step += 1
        seed += 1
    times = []
    for state in positions:
        started = time.process_time_ns()
        sm.legal_moves(state)
        times.append((time.process_time_ns() - started) / 1e6)
    return sorted(times)


def bulk_side_by_side(players: int, seconds: float, slices: int) -> tuple[float, float, list[float]]:
    """The public loop (:func:`playouts`) and the bulk API (``sr.playouts``, as many rounds, other
    seeds) alternating in ``slices`` slices: (public actions/s, bulk actions/s, slice ratios)."""
    mine_actions = theirs_actions = 0
    mine_elapsed = theirs_elapsed = 0.0
    ratios = []
    first = 0
    rules = sr.Rules(referee=sr.Referee.AUTOMATIC)
    for _ in range(slices):
        n, a, e = playouts(players, seconds / slices, first_round=first)
        theirs_actions, theirs_elapsed = theirs_actions + a, theirs_elapsed + e
        started = time.process_time()  # other rounds (the engine's caches would favour a replay)
        results = sr.playouts(players, n, seed=1_000_000 + first, rules=rules)
        elapsed = time.process_time() - started
        bulk = sum(result.actions for result in results)
        mine_actions, mine_elapsed = mine_actions + bulk, mine_elapsed + elapsed
        ratios.append((bulk / elapsed) / (a / e))
        first += n
    return theirs_actions / theirs_elapsed, mine_actions / mine_elapsed, ratios


def _reachable(root: object, stop: set[int]) -> dict[int, object]:
    """Every object reachable from ``root`` (by the garbage collector's referents) whose id is not in
    ``stop``, leaving out what every state shares by design: classes, modules, functions and enum
    members (and what only they reach)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in stop:
            continue
        if isinstance(obj, (type, enum.Enum)) or callable(obj) and not hasattr(obj, "__attrs_attrs__"):
            continue
        if type(obj).__name__ in ("module", "function", "builtin_function_or_method"):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return seen


def _bytes(objects: dict[int, object]) -> int:
    return sum(sys.getsizeof(obj) for obj in objects.values())


def state_bytes(games: list[list[object]]) -> tuple[int, int, float, float]:
    """Over the consecutive states of each of ``games`` (playouts): (bytes of one state object,
    median bytes of a whole state, median and 95th-percentile bytes of a state's parts not shared
    with the state before it)."""
    whole, unshared = [], []
    for states in games:
        reached = [_reachable(state, set()) for state in states]
        whole += [_bytes(objects) for objects in reached]
        for before, after in zip(reached, reached[1:]):
            unshared.append(sum(sys.getsizeof(obj) for key, obj in after.items() if key not in before))
    unshared.sort()
    return (sys.getsizeof(games[0][-1]), int(statistics.median(whole)), statistics.median(unshared),
            unshared[int(0.95 * (len(unshared) - 1))])


def spite_states(players: int, seed: int) -> list[object]:
    """Every state of one seeded random Spite round."""
    rng = random.Random(seed)
    state = sr.new_game(players, seed=seed, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
    states: list[object] = [state]
    while not state.round_over:
        state, _ = sr.apply(state, rng.choice(sr.legal_moves(state)))
        states.append(state)
    return states


def malice_states(preset: str, seed: int) -> list[object]:
    """Every state of one seeded random Spite and Malice game (2 players)."""
    rng = random.Random(seed)
    state = sm.new_game(2, seed=seed, rules=sm.Rules.preset(preset))
    states: list[object] = [state]
    while not state.game_over:
        state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))
        states.append(state)
    return states


def _peak_mb() -> float:
    """This process's peak resident memory in MB: VmHWM where Linux reports it (ru_maxrss survives
    exec, so a child would inherit its parent's peak), else ru_maxrss."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory(rounds: int) -> list[tuple[int, float]]:
    """Peak RSS (MB) after 1/4, 1/2 and all of a ``rounds``-round bot simulation (one game)."""
    from spite_rules.bots import Bot, GreedyBot, RandomBot, play_round

    table: list[Bot] = [GreedyBot(0), RandomBot(1), RandomBot(2), RandomBot(3)]
    state = sr.new_game(4, seed=1, rules=sr.Rules(referee=sr.Referee.AUTOMATIC))
    marks = {rounds // 4, rounds // 2, rounds}
    readings = []
    for number in range(1, rounds + 1):
        if number > 1:
            state, _ = sr.next_round(state)
        state, _ = play_round(state, table)
        if number in marks:
            readings.append((number, _peak_mb()))
    return readings


def malice_section(seconds: float, slices: int, quick: bool) -> bool:
    """Section 2b: print Spite and Malice's figures; True when every preset is at least 3x RLCard."""
    print("\n2b. Spite and Malice: random-playout throughput per preset (2 players), with RLCard")
    print(f"   every preset and RLCard Dou Dizhu alternate in {slices} slices each")
    malice, malice_reference, malice_ratios = malice_side_by_side(seconds, slices)
    malice_ok = malice_reference is not None
    rlcard_rate = malice_reference[0] / malice_reference[1] if malice_reference is not None else None
    if rlcard_rate is not None:
        print(f"   RLCard Dou Dizhu random playouts: {rlcard_rate:9.0f} actions/s")
    for name, (games, actions_, elapsed_) in malice.items():
        rate = actions_ / elapsed_
        line = f"   {name:<12} {games / elapsed_:8.1f} games/s  {rate:9.0f} actions/s  ({games} games)"
        if rlcard_rate is not None:
            line += (f"  {rate / rlcard_rate:5.2f}x RLCard (slices {min(malice_ratios[name]):.2f}x"
                     f" to {max(malice_ratios[name]):.2f}x)")
            malice_ok &= rate / rlcard_rate >= 3
        print(line)
    if rlcard_rate is not None:
        short = [name for name, (_, actions_, elapsed_) in malice.items() if actions_ / elapsed_ < 3 * rlcard_rate]
        print("   target, every preset at least 3x RLCard: "
              + ("met" if not short else f"not met ({', '.join(short)} below 3x)"))
    jacks_times = jacks_latency(200 if quick else 1000)
    jacks_median = statistics.median(jacks_times)
    jacks_p95 = jacks_times[int(0.95 * (len(jacks_times) - 1))]
    print(f"   jacks legal_moves (the \"must be sure\" search), {len(jacks_times)} random positions, cold: "
          f"median {jacks_median:.3f} ms, p95 {jacks_p95:.3f} ms, worst {jacks_times[-1]:.3f} ms")

    return malice_ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    parser.add_argument("--malice", action="store_true", help="only the Spite and Malice section (2b)")
    parser.add_argument("--memory", type=int, metavar="ROUNDS", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory:  # section 4 runs in a fresh process, so nothing else counts toward its peak
        for number, mb in memory(args.memory):
            print(number, mb)
        return 0
    seconds = 4.0 if args.quick else 15.0
    slices = 4 if args.quick else 10
    samples = 100 if args.quick else 200  # a p95 of 40 samples was the 2nd-largest time: it swung 2.9-5.1 ms
    memory_rounds = 200 if args.quick else 1000
    ok = True
    print(f"spite_rules {sr.__version__}, {sr.BUILD}, on Python {sys.version.split()[0]}")
    print("(times are this process's CPU time, so other work on the machine does not skew them)")
    if args.malice:
        return 0 if malice_section(seconds, slices, args.quick) else 1

    print("\n1. random-playout throughput (legal_moves + apply = one action), with a reference engine")
    print(f"   4 players and RLCard Dou Dizhu alternate in {slices} slices each, so that drift in the")
    print("   machine's speed touches both alike")
    (rounds, actions, elapsed), reference, ratios = side_by_side(seconds, slices)
    print(f"   4 players: {rounds / elapsed:8.1f} rounds/s  {actions / elapsed:9.0f} actions/s  "
          f"({rounds} rounds)")
    seven_rounds, seven_actions, seven_elapsed = playouts(7, seconds)
    print(f"   7 players: {seven_rounds / seven_elapsed:8.1f} rounds/s  "
          f"{seven_actions / seven_elapsed:9.0f} actions/s  ({seven_rounds} rounds)")
    ratio = None
    if reference is None:
        print("   RLCard not installed (pip install -e '.[benchmark]'): ratio not measured")
    else:
        ratio = (actions / elapsed) / (reference[0] / reference[1])
        print(f"   RLCard Dou Dizhu random playouts: {reference[0] / reference[1]:9.0f} actions/s")
        print(f"   spite_rules 4 players / RLCard:   {ratio:9.2f}x  "
              f"(slices: {min(ratios):.2f}x to {max(ratios):.2f}x)")
    public, bulk, bulk_ratios = bulk_side_by_side(4, seconds / 2, slices)
    print(f"   4 players, bulk API sr.playouts: {bulk:9.0f} actions/s beside the public loop's {public:.0f}: "
          f"{bulk / public:.2f}x (slices {min(bulk_ratios):.2f}x to {max(bulk_ratios):.2f}x)")

    print("\n2. legal_moves latency (ms)")
    cases = [
        ("lead, 11 cards", lambda s: _lead_position(11, s, False)),
        ("lead, 15 cards", lambda s: _lead_position(15, s, False)),
        ("lead, 19 cards (two 13s, a joker)", lambda s: _lead_position(19, s, True)),
        ("following a pair under a consec", _consec_pair_follow),
    ]
    nineteen = nineteen_p95 = 0.0
    for label, make in cases:
        median, p95, moves = latency(make, samples)
        warm_median, warm_p95, _ = latency(make, samples, warm=True)
        print(f"   {label:<36} cold median {median:6.2f} p95 {p95:6.2f} · warm median "
              f"{warm_median:5.2f} p95 {warm_p95:5.2f}  ({moves:.0f} moves)")
        if label.startswith("lead, 19"):
            nineteen, nineteen_p95 = median, p95

    malice_ok = malice_section(seconds, slices, args.quick)

    print(f"\n3. memory of a {memory_rounds}-round simulation (peak RSS of a fresh process)")
    child = subprocess.run(
        [sys.executable, __file__, "--memory", str(memory_rounds)],
        capture_output=True, text=True, check=True,
    )
    readings = [(int(n), float(mb)) for n, mb in (line.split() for line in child.stdout.splitlines())]
    for number, mb in readings:
        print(f"   after {number:5d} rounds: {mb:7.1f} MB")
    peak = readings[-1][1]
    growth = readings[-1][1] - readings[0][1]
    print("   bytes per state (sys.getsizeof over what the state reaches, classes and enum members left")
    print("   out; unshared: what a state reaches that the state before it does not)")
    samples_of = [("Spite, 4 players", [spite_states(4, seed) for seed in range(3)]),
                  ("Spite, 7 players", [spite_states(7, seed) for seed in range(3)])]
    samples_of += [(f"S&M {name}", [malice_states(name, seed) for seed in range(2)]) for name in sm.PRESETS]
    for label, games in samples_of:
        shell, whole, unshared, unshared_p95 = state_bytes([game[:300] for game in games])
        print(f"   {label:<18} one State object {shell:4d} B · whole state {whole:7d} B · unshared "
              f"median {unshared:6.0f} B, p95 {unshared_p95:6.0f} B")

    print("\ntargets")
    checks = [
        (f"4-player playout actions/s >= 2.5x RLCard Dou Dizhu ({ratio or 0:.2f}x)", ratio is not None and ratio >= 2.5),
        (f"legal_moves at a 19-card lead, cold median < 2 ms ({nineteen:.2f} ms)", nineteen < 2.0),
        (f"legal_moves at a 19-card lead, cold p95 < 5 ms ({nineteen_p95:.2f} ms)", nineteen_p95 < 5.0),
        ("Spite and Malice: every preset's actions/s >= 3x RLCard Dou Dizhu", malice_ok),
        (f"peak memory of a {memory_rounds}-round simulation < 200 MB ({peak:.0f} MB)", peak < 200),
        (f"memory flat: +{growth:.1f} MB from round {readings[0][0]} to {readings[-1][0]}", growth < 10),
    ]
    for label, passed in checks:
        ok &= passed
        print(f"   {'PASS' if passed else 'FAIL'}  {label}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
