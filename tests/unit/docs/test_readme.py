"""The README opens as a newcomer needs it: what toolmend is in one sentence, then the two commands (the demo on
the embedded broker; the install-and-test command CI runs), and its first library example runs as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"^```{lang}\n(.*?)^```$", README, flags=re.S | re.M)


def test_the_first_python_example_runs_as_written() -> None:
    first = _blocks("python")[0]
    exec(compile(first, "README.md: first python block", "exec"), {"__name__": "readme"})


def test_it_opens_with_one_sentence_then_the_demo_and_the_command_ci_runs() -> None:
    title, intro, rest = README.split("\n\n", 2)
    assert title == "# toolmend"
    sentence = " ".join(intro.split())
    assert sentence.startswith("**toolmend** ") and sentence.endswith(".") and sentence.count(". ") == 0, sentence
    assert rest.startswith("```bash\n")
    demo, test = _blocks("bash")[0].strip().splitlines()
    assert demo.endswith("toolmend demo")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(rf"^exec {re.escape(test)}$", ci, flags=re.M), (test, ci)
