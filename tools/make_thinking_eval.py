"""Write the evaluation set of Anthropic histories with signed thinking (bench/eval/thinking/histories.jsonl).

    python tools/make_thinking_eval.py          # seeded: the same file every time

One history per line: `{"id", "category", "model", "system", "tools", "messages"}`. Every assistant turn starts
with one or two signed `thinking` blocks (sometimes `redacted_thinking`), as a model with extended thinking writes
them; the faults are those of the issue (interrupted calls, missing parallel results, orphan results, late results,
reused ids, server tool blocks) and clean controls. The file, not this script, is the evaluation data: it is
committed, and the scorer (bench/eval_thinking.py) reads only the file. Written from the provider rules and the
issue's list of faults, without running the repairer on it first.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "bench" / "eval" / "thinking" / "histories.jsonl"
TOOLS = [("search", {"q": "flights to Lisbon"}), ("read_file", {"path": "notes.md"}),
         ("get_weather", {"city": "Oslo"}), ("run_sql", {"query": "select 1"}), ("send_email", {"to": "ops"})]
ASKS = ["Find me a flight to Lisbon next week.", "What does notes.md say about the release?",
        "Is it going to rain in Oslo tomorrow?", "How many orders came in yesterday?",
        "Summarise the incident and email ops.", "Compare the two options and pick one."]
MODELS = ["claude-opus-5-5-20260801", "claude-fable-5-1", "claude-sonnet-5-5", "claude-mythos-5-2"]
CATEGORIES = {"clean": 12, "interrupted": 14, "missing_parallel": 12, "orphan": 10, "late": 12, "reused_ids": 12,
              "server_tools": 12}


class Writer:
    def __init__(self, rng: random.Random, reuse: bool = False) -> None:
        self.rng = rng
        self.n = 0
        self.k = 0
        self.reuse = reuse
        self.msgs: list[dict[str, Any]] = []

    def _sig(self) -> str:
        self.k += 1
        raw = hashlib.sha256(f"{self.rng.random()}:{self.k}".encode()).digest() * 3
        return base64.b64encode(raw).decode()

    def thinking(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for _ in range(self.rng.choice([1, 1, 1, 2])):
            if self.rng.random() < 0.15:
                out.append({"type": "redacted_thinking", "data": self._sig()})
            else:
                out.append({"type": "thinking", "thinking": f"Step {self.k}: decide what to do next.",
                            "signature": self._sig()})
        return out

    def cid(self, turn: int, j: int) -> str:
        if self.reuse:
            return f"toolu_{j}"  # ids that restart per response
        self.n += 1
        return f"toolu_{self.rng.randrange(16**8):08x}{self.n:02d}"

    def user(self, text: str) -> None:
        self.msgs.append({"role": "user", "content": text})

    def calls(self, k: int, text: bool = False) -> list[tuple[str, str]]:
        picked = [self.rng.choice(TOOLS) for _ in range(k)]
        ids = [(self.cid(len(self.msgs), j), name) for j, (name, _) in enumerate(picked)]
        content = self.thinking()
        if text:
            content.append({"type": "text", "text": "Let me check."})
        content += [{"type": "tool_use", "id": cid, "name": name, "input": dict(inp)}
                    for (cid, name), (_, inp) in zip(ids, picked, strict=True)]
        self.msgs.append({"role": "assistant", "content": content})
        return ids

    def results(self, ids: list[tuple[str, str]], text: str | None = None) -> None:
        content: list[dict[str, Any]] = [{"type": "tool_result", "tool_use_id": cid, "content": f"{name}: ok"}
                                         for cid, name in ids]
        if text:
            content.append({"type": "text", "text": text})
        self.msgs.append({"role": "user", "content": content})

    def answer(self, text: str = "Here is what I found.") -> None:
        self.msgs.append({"role": "assistant", "content": [*self.thinking(), {"type": "text", "text": text}]})

    def server(self, answered: bool = True, orphan: bool = False) -> None:
        sid = f"srvtoolu_{self.rng.randrange(16**8):08x}"
        content: list[dict[str, Any]] = self.thinking()
        content.append({"type": "server_tool_use", "id": sid, "name": "web_search", "input": {"query": "news"}})
        if answered:
            content.append({"type": "web_search_tool_result", "tool_use_id": sid, "content": []})
        if orphan:
            content.append({"type": "web_search_tool_result", "tool_use_id": "srvtoolu_gone", "content": []})
        content += self.thinking() if self.rng.random() < 0.5 else []
        content.append({"type": "text", "text": "According to the search results, it is fine."})
        self.msgs.append({"role": "assistant", "content": content})


def clean_turns(w: Writer, n: int) -> None:
    for _ in range(n):
        w.user(w.rng.choice(ASKS))
        ids = w.calls(w.rng.choice([1, 1, 2]), text=w.rng.random() < 0.3)
        w.results(ids)
        w.answer()


def history(category: str, rng: random.Random) -> list[dict[str, Any]]:
    w = Writer(rng, reuse=category == "reused_ids")
    before, after = rng.randint(0, 2), rng.randint(1, 2)
    if category == "orphan" and rng.random() < 0.5:  # context trimming cut the call: the history starts with its result
        w.results([("toolu_trimmed01", "search")], text=rng.choice(ASKS))
        w.answer()
    clean_turns(w, before)
    w.user(rng.choice(ASKS))
    if category == "clean":
        clean_turns(w, 1)
    elif category == "interrupted":
        w.calls(rng.choice([1, 2]))
        w.user("Stop, do something else instead.")
        w.answer("OK, stopping.")
    elif category == "missing_parallel":
        ids = w.calls(3)
        w.results(ids[:2])
        w.answer()
    elif category == "orphan":
        ids = w.calls(1)
        w.results(ids)
        w.answer()
        w.user(rng.choice(ASKS))
        w.results([("toolu_unknown99", "read_file")], text="Also this.")
        w.answer()
    elif category == "late":
        ids = w.calls(rng.choice([1, 2]))
        w.user("Any news?")
        w.results(ids)
        w.answer()
    elif category == "reused_ids":
        ids = w.calls(rng.choice([1, 2]))
        w.results(ids)
        w.answer()
        w.user(rng.choice(ASKS))
        ids = w.calls(1)
        w.results(ids)
        w.answer()
    elif category == "server_tools":
        kind = rng.choice(["paired", "unpaired", "orphan"])
        w.server(answered=kind != "unpaired", orphan=kind == "orphan")
    clean_turns(w, after)
    return w.msgs


def main() -> None:
    rng = random.Random(29)
    lines = []
    for category, n in CATEGORIES.items():
        for k in range(n):
            msgs = history(category, rng)
            lines.append({"id": f"{category}-{k:02d}", "category": category, "model": rng.choice(MODELS),
                          "system": "You are a careful assistant.",
                          "tools": [{"name": t, "description": f"the {t} tool", "input_schema": {"type": "object"}}
                                    for t, _ in TOOLS],
                          "messages": msgs})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines))
    blocks = sum(1 for x in lines for m in x["messages"] if m["role"] == "assistant" for b in m["content"]
                 if b["type"] in ("thinking", "redacted_thinking"))
    print(f"{len(lines)} histories, {blocks} thinking blocks -> {OUT.name}")


if __name__ == "__main__":
    main()
