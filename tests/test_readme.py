"""The README's promises: its example runs as printed, and CI runs its test command."""

import pathlib
import re
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_example_runs_and_prints_what_its_comments_say(capsys: object) -> None:
    block = re.search(r"```python\n(.*?)```", README, re.S)
    assert block is not None
    namespace: dict[str, object] = {}
    exec(compile(block.group(1), "README.md", "exec"), namespace)
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "the next hand must be 6s" in out
    assert "consec.numerical" in out
    assert "(Pass(player=0),)" in out


def test_ci_runs_exactly_the_readme_test_command() -> None:
    marker = README.index("<!-- test-command")
    command = README[marker:].split("```sh\n", 1)[1].split("\n", 1)[0]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    program = re.search(r"awk '([^']*)' README.md", ci)
    assert program is not None, ".ci/run no longer extracts the command with awk"
    extracted = subprocess.run(
        ["awk", program.group(1), "README.md"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert extracted == command
    assert "pytest" in command and "mypy --strict spite_rules" in command
