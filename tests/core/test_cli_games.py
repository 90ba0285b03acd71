"""The command line names its game (issue 16): ``--game NAME`` before or after the command,
default Spite, and each game's own player range."""

from __future__ import annotations

import pytest

from spite_rules.cli import main


def test_the_game_defaults_to_spite_and_may_be_named_before_or_after_the_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    outputs = []
    for argv in (["deal", "--seed", "2"], ["--game", "spite", "deal", "--seed", "2"], ["deal", "--game", "spite", "--seed", "2"]):
        assert main(argv) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0].startswith("Dealt 189 cards to 4 seats with seed 2")


def test_a_game_that_does_not_exist_is_refused_naming_the_known_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--game", "chess", "deal"])
    assert caught.value.code == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize("players", [2, 10])
def test_spite_states_its_own_player_range(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["deal", "--players", str(players)])
    assert f"invalid choice: {players} (Spite is for 3 to 9 players)" in capsys.readouterr().err
