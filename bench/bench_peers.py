"""Side by side with other repairers, on the same broken histories, judged by the independent validator.

    python bench/bench_peers.py [--random 500] [--rounds 3]

Peers run in a throwaway virtual environment under bench/out/peers (created on first use with pinned
versions; never a project dependency), each on the dialect its API takes:

| peer | version | entry point | dialect |
|---|---|---|---|
| pydantic-ai | 2.68.0 | `repair_messages` | OpenAI chat, Anthropic, Gemini (to and from ModelMessage) |
| LiteLLM | 1.110.2 | `sanitize_messages_for_tool_calling` (`modify_params=True`) | OpenAI chat |
| deepagents | 0.7.32 | `PatchToolCallsMiddleware.before_agent` | OpenAI chat (to and from LangChain messages) |
| OpenAI Agents | 0.24.0 | `drop_orphan_function_calls` | OpenAI Responses items |
| turnsafe | 0.1.0 | `repair` (defaults: placeholder results, thinking kept) | OpenAI chat, Anthropic |
| tessera-transcript | 0.1.0 | `repair(...).transcript` (defaults) | OpenAI chat, Anthropic |

Thinking bound to its prefix (Anthropic) is measured apart, on histories with signed thinking:
bench/eval_thinking.py.

Histories, in three tables: (1) the hand-made cases of tests/unit/core/test_repair_cases.py and `--random` generated
ones per dialect (tests/strategies.py, hypothesis with a fixed seed); (2) reused call ids: the reused-id family of
test_repair_cases.py (a corrected call under the same id, late results, interleaved users, parallel calls, ids
that restart per response) and `--random / 5` generated histories that reuse ids often; (3) items the APIs send
today: Anthropic server tool blocks and `pause_turn`, Responses hosted calls and unknown item types, Anthropic
JSON-text inputs, ids outside Anthropic's pattern, empty text blocks, Anthropic `system` entries, Gemini thought
signatures and id-less responses. Per repairer and dialect it prints: the share of outputs the
validator accepts (invalid roles aside, which no repairer rewrites), idempotent (repairing the output changes
nothing), real tool results kept (of those with a valid place: a well-formed call, its id used once, its result
after it), real results in the wrong call's block (by the most-recent-call rule on the input, as the oracle in
tests/support/oracle.py reads it), histories that lost a user/assistant text and that changed them (lost,
reordered or added), crashes, and the single-pass
cost (median µs per history, repair call only, conversions excluded). Histories a peer's message model cannot
express (an unknown role, a legacy `function` message) are counted apart and left out of its shares. The machine
may be shared: costs are noisy.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"
VENV = OUT / "peers"
PIN_OF = {"pydantic-ai": "pydantic-ai-slim==2.68.0", "litellm": "litellm==1.110.2", "deepagents": "deepagents==0.7.32",
          "openai-agents": "openai-agents==0.24.0", "turnsafe": "turnsafe==0.1.0",
          "tessera": "tessera-transcript==0.1.0"}
PINS = list(PIN_OF.values())
PEER_DIALECTS = {"pydantic-ai": ["openai_chat", "anthropic", "gemini"], "litellm": ["openai_chat"],
                 "deepagents": ["openai_chat"], "openai-agents": ["openai_responses"],
                 "turnsafe": ["openai_chat", "anthropic"], "tessera": ["openai_chat", "anthropic"]}
DIALECTS = ("openai_chat", "anthropic", "openai_responses", "gemini")
INVALID_ROLES = frozenset({"critic", "tool_runner", "bot"})  # the roles tests/strategies.py makes up


# ----------------------------------------------------------------------------------------------------
# peer side: runs inside the peers' virtual environment, imports only the peer and the standard library


def _pai_in(msgs: list[dict[str, Any]]) -> list[Any]:
    from pydantic_ai.messages import (
        ModelRequest,
        ModelResponse,
        SystemPromptPart,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )

    names: dict[str, str] = {}
    out: list[Any] = []
    for m in msgs:
        role = m.get("role")
        if role in ("system", "developer"):
            out.append(ModelRequest(parts=[SystemPromptPart(content=m.get("content") or "")]))
        elif role == "user":
            out.append(ModelRequest(parts=[UserPromptPart(content=m.get("content") or "")]))
        elif role == "tool":
            cid = m.get("tool_call_id") or ""
            out.append(ModelRequest(parts=[ToolReturnPart(tool_name=names.get(cid, "unknown"),
                                                          content=m.get("content"), tool_call_id=cid)]))
        elif role == "assistant":
            parts: list[Any] = []
            if m.get("content"):
                parts.append(TextPart(content=m["content"]))
            for tc in m.get("tool_calls") or []:
                fn = tc.get("function") or {}
                kw = {"tool_call_id": tc["id"]} if tc.get("id") else {}
                parts.append(ToolCallPart(tool_name=fn.get("name") or "", args=fn.get("arguments"), **kw))
                if tc.get("id"):
                    names[tc["id"]] = fn.get("name") or ""
            out.append(ModelResponse(parts=parts))
        else:
            raise ValueError(f"role {role!r} has no pydantic-ai form")
    return out


def _pai_out(msgs: list[Any]) -> list[dict[str, Any]]:
    from pydantic_ai.messages import (
        ModelResponse,
        RetryPromptPart,
        SystemPromptPart,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )

    out: list[dict[str, Any]] = []
    for m in msgs:
        if isinstance(m, ModelResponse):
            texts = [p.content for p in m.parts if isinstance(p, TextPart) and p.content]
            calls = [{"id": p.tool_call_id, "type": "function",
                      "function": {"name": p.tool_name, "arguments": p.args_as_json_str()}}
                     for p in m.parts if isinstance(p, ToolCallPart)]
            # merged responses keep their texts as separate parts (not one concatenated string)
            content: Any = texts[0] if len(texts) == 1 else [{"type": "text", "text": t} for t in texts] or None
            msg: dict[str, Any] = {"role": "assistant", "content": content}
            if calls:
                msg["tool_calls"] = calls
            out.append(msg)
            continue
        for p in m.parts:
            if isinstance(p, SystemPromptPart):
                out.append({"role": "system", "content": p.content})
            elif isinstance(p, UserPromptPart):
                out.append({"role": "user", "content": p.content})
            elif isinstance(p, ToolReturnPart):
                out.append({"role": "tool", "tool_call_id": p.tool_call_id, "content": p.model_response_str()})
            elif isinstance(p, RetryPromptPart) and p.tool_name is not None:
                out.append({"role": "tool", "tool_call_id": p.tool_call_id, "content": p.model_response()})
    return out


def _pai_blocks_in(msgs: list[dict[str, Any]], dialect: str) -> list[Any]:
    """Anthropic messages or Gemini contents as pydantic-ai messages (one message each, parts in order)."""
    from pydantic_ai.messages import (
        ModelRequest,
        ModelResponse,
        TextPart,
        ThinkingPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )

    gem = dialect == "gemini"
    names: dict[str, str] = {}
    out: list[Any] = []
    for m in msgs:
        role = m.get("role", "user")
        blocks = m.get("parts" if gem else "content")
        if isinstance(blocks, str):
            blocks = [{"text": blocks}] if gem else [{"type": "text", "text": blocks}]
        if not isinstance(blocks, list):
            raise ValueError("content is neither text nor a list")
        if role in ("assistant", "model"):
            parts: list[Any] = []
            for b in blocks:
                if gem and "functionCall" in b:
                    fc = b["functionCall"]
                    kw = {"tool_call_id": fc["id"]} if fc.get("id") else {}
                    parts.append(ToolCallPart(tool_name=fc.get("name") or "", args=fc.get("args"), **kw))
                elif not gem and b.get("type") == "tool_use":
                    kw = {"tool_call_id": b["id"]} if b.get("id") else {}
                    parts.append(ToolCallPart(tool_name=b.get("name") or "", args=b.get("input"), **kw))
                    if b.get("id"):
                        names[b["id"]] = b.get("name") or ""
                elif not gem and b.get("type") == "thinking":
                    parts.append(ThinkingPart(content=b.get("thinking", ""), signature=b.get("signature")))
                elif "text" in b:
                    parts.append(TextPart(content=b["text"]))
                else:
                    raise ValueError("unknown model block")
            out.append(ModelResponse(parts=parts))
        elif role == "user":
            rparts: list[Any] = []
            for b in blocks:
                if gem and "functionResponse" in b:
                    fr = b["functionResponse"]
                    kw = {"tool_call_id": fr["id"]} if fr.get("id") else {}
                    rparts.append(ToolReturnPart(tool_name=fr.get("name") or "", content=fr.get("response"), **kw))
                elif not gem and b.get("type") == "tool_result":
                    cid = b.get("tool_use_id") or ""
                    rparts.append(ToolReturnPart(tool_name=names.get(cid, "unknown"), content=b.get("content"),
                                                 tool_call_id=cid))
                elif "text" in b:
                    rparts.append(UserPromptPart(content=b["text"]))
                else:
                    raise ValueError("unknown user block")
            out.append(ModelRequest(parts=rparts))
        else:
            raise ValueError(f"role {role!r} has no pydantic-ai form")
    return out


def _pai_blocks_out(msgs: list[Any], dialect: str) -> list[dict[str, Any]]:
    from pydantic_ai.messages import (
        ModelResponse,
        RetryPromptPart,
        TextPart,
        ThinkingPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )

    gem = dialect == "gemini"
    out: list[dict[str, Any]] = []
    for m in msgs:
        blocks: list[Any] = []
        for p in m.parts:
            if isinstance(p, TextPart | UserPromptPart):
                if p.content:
                    blocks.append({"text": p.content} if gem else {"type": "text", "text": p.content})
            elif isinstance(p, ThinkingPart) and not gem:
                blocks.append({"type": "thinking", "thinking": p.content, "signature": p.signature})
            elif isinstance(p, ToolCallPart):
                if gem:
                    blocks.append({"functionCall": {"name": p.tool_name, "args": p.args_as_dict(),
                                                    "id": p.tool_call_id}})
                else:
                    blocks.append({"type": "tool_use", "id": p.tool_call_id, "name": p.tool_name,
                                   "input": p.args_as_dict()})
            elif isinstance(p, ToolReturnPart | RetryPromptPart):
                content = p.content if isinstance(p, ToolReturnPart) else p.model_response()
                if gem:
                    resp = content if isinstance(content, dict) else {"output": content}
                    blocks.append({"functionResponse": {"name": p.tool_name, "response": resp,
                                                        "id": p.tool_call_id}})
                else:
                    blocks.append({"type": "tool_result", "tool_use_id": p.tool_call_id, "content": content})
        role = ("model" if gem else "assistant") if isinstance(m, ModelResponse) else "user"
        out.append({"role": role, "parts" if gem else "content": blocks})
    return out


def _lc_in(msgs: list[dict[str, Any]]) -> list[Any]:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

    out: list[Any] = []
    for m in msgs:
        role = m.get("role")
        if role in ("system", "developer"):
            out.append(SystemMessage(content=m.get("content") or ""))
        elif role == "user":
            out.append(HumanMessage(content=m.get("content") or ""))
        elif role == "tool":
            out.append(ToolMessage(content=m.get("content") or "", tool_call_id=m.get("tool_call_id") or ""))
        elif role == "assistant":
            good, bad = [], []
            for tc in m.get("tool_calls") or []:
                fn = tc.get("function") or {}
                try:
                    args = json.loads(fn.get("arguments") or "{}")
                    good.append({"name": fn.get("name") or "", "args": args, "id": tc.get("id"), "type": "tool_call"})
                except ValueError:
                    bad.append({"name": fn.get("name"), "args": fn.get("arguments"), "id": tc.get("id"),
                                "error": "invalid JSON", "type": "invalid_tool_call"})
            out.append(AIMessage(content=m.get("content") or "", tool_calls=good, invalid_tool_calls=bad))
        else:
            raise ValueError(f"role {role!r} has no LangChain form")
    return out


def _lc_out(msgs: list[Any]) -> list[dict[str, Any]]:
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

    out: list[dict[str, Any]] = []
    for m in msgs:
        if isinstance(m, AIMessage):
            calls = [{"id": c["id"], "type": "function",
                      "function": {"name": c["name"], "arguments": json.dumps(c["args"])}} for c in m.tool_calls]
            calls += [{"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["args"]}}
                      for c in m.invalid_tool_calls]
            msg: dict[str, Any] = {"role": "assistant", "content": m.content or None}
            if calls:
                msg["tool_calls"] = calls
            out.append(msg)
        elif isinstance(m, ToolMessage):
            out.append({"role": "tool", "tool_call_id": m.tool_call_id, "content": m.content})
        elif isinstance(m, HumanMessage):
            out.append({"role": "user", "content": m.content})
        elif isinstance(m, SystemMessage):
            out.append({"role": "system", "content": m.content})
    return out


def _peer(name: str, dialect: str) -> tuple[Any, Any, Any]:
    """(to native, repair, from native) of a peer for a dialect."""
    if name == "pydantic-ai":
        from pydantic_ai.messages import repair_messages

        if dialect == "openai_chat":
            return _pai_in, repair_messages, _pai_out
        return (lambda m: _pai_blocks_in(m, dialect)), repair_messages, \
            (lambda m: _pai_blocks_out(m, dialect))
    if name == "litellm":
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm
        from litellm.litellm_core_utils.prompt_templates.factory import sanitize_messages_for_tool_calling

        litellm.modify_params = True
        return (lambda m: json.loads(json.dumps(m))), sanitize_messages_for_tool_calling, (lambda m: m)
    if name == "deepagents":
        from deepagents.middleware.patch_tool_calls import PatchToolCallsMiddleware

        mw = PatchToolCallsMiddleware()

        def patch(msgs: list[Any]) -> list[Any]:
            r = mw.before_agent({"messages": msgs}, None)  # type: ignore[arg-type]
            return msgs if r is None else list(r["messages"][1:])

        return _lc_in, patch, _lc_out
    if name == "openai-agents":
        from agents.run_internal.items import drop_orphan_function_calls

        return (lambda m: json.loads(json.dumps(m))), drop_orphan_function_calls, (lambda m: m)
    provider = "openai" if dialect == "openai_chat" else "anthropic"
    if name == "turnsafe":
        import turnsafe

        return (lambda m: json.loads(json.dumps(m))), (lambda m: turnsafe.repair(m, provider)), (lambda m: m)
    if name == "tessera":
        import tessera

        def fix(m: list[Any]) -> list[Any]:
            return list(tessera.repair(m, adapter=provider).transcript)

        return (lambda m: json.loads(json.dumps(m))), fix, (lambda m: m)
    raise SystemExit(f"unknown peer {name}")


def run_peer(name: str, corpus_path: Path, out_path: Path, rounds: int) -> None:
    corpus = json.loads(corpus_path.read_text())
    results: dict[str, list[Any]] = {}
    for dialect in PEER_DIALECTS[name]:
        to_native, fix, back = _peer(name, dialect)
        rows: list[Any] = []
        for h in corpus[dialect]:
            try:
                native = to_native(h)
            except Exception as e:  # the history has no form in the peer's message model (e.g. an unknown role)
                rows.append({"unsupported": f"{type(e).__name__}: {str(e)[:120]}"})
                continue
            try:
                times = []
                for _ in range(rounds):
                    x = to_native(h)
                    t0 = time.perf_counter()
                    fix(x)
                    times.append(time.perf_counter() - t0)
                once = back(fix(native))
                twice = back(fix(to_native(once)))
                rows.append({"once": once, "twice": twice, "us": statistics.median(times) * 1e6})
            except Exception as e:  # a crash is a result too
                rows.append({"error": f"{type(e).__name__}: {str(e)[:120]}"})
        results[dialect] = rows
    out_path.write_text(json.dumps(results))


# ----------------------------------------------------------------------------------------------------
# project side


def ensure_venv(peers: list[str] | None = None) -> Path:
    """The peers' environment, with the pinned packages of `peers` (None: all) installed once each."""
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    pins = [PIN_OF[p] for p in (peers or list(PIN_OF))]
    missing = [p for p in pins if not (VENV / f".installed-{p}").exists()]
    if missing:
        subprocess.run([str(py), "-m", "pip", "install", "-q", *missing], check=True)
        for p in missing:
            (VENV / f".installed-{p}").touch()
    return py


def _drawn(d: str, n: int, reuse: bool) -> list[Any]:
    from hypothesis import HealthCheck, Phase, given, settings

    import tests.strategies as S

    drawn: list[Any] = []

    @settings(max_examples=n, derandomize=True, database=None, deadline=None,
              phases=(Phase.generate,), suppress_health_check=list(HealthCheck))
    @given(S.histories(d, reuse=reuse))
    def collect(h: tuple[str, list[Any]]) -> None:
        drawn.append(h[1])

    collect()
    # the generator's messages with unknown roles are left out: no repairer rewrites them, the validator
    # ignores them, and two peers' message models cannot hold them at all
    return [[m for m in h if m.get("role") not in INVALID_ROLES] for h in drawn[:n]]


TABLES = ("main", "reused ids", "new items")


def corpus(n_random: int) -> dict[str, dict[str, list[Any]]]:
    """table -> dialect -> histories."""
    if str(ROOT) not in sys.path:  # the tests package; last, so the installed package (a compiled wheel) is used
        sys.path.append(str(ROOT))
    from tests.unit.core.test_repair_cases import CASES, ITEM_CASES, REUSED_IDS, _rc_history

    out: dict[str, dict[str, list[Any]]] = {t: {} for t in TABLES}
    for d in DIALECTS:
        out["main"][d] = [c.history for c in CASES if c.dialect == d] + _drawn(d, n_random, False)
        out["reused ids"][d] = [_rc_history(d, s) for _, s in sorted(REUSED_IDS.items())] \
            + _drawn(d, max(1, n_random // 5), True)
        out["new items"][d] = [h for hd, h in ITEM_CASES if hd == d]
    return out


def _key(part: Any) -> str:
    """What tells a call (its arguments) or a result (its content) apart, whatever its id became."""
    v = part.get("function", {}).get("arguments") if "function" in part else part.get(
        "input", part.get("args", part.get("arguments", part.get("content", part.get("output",
                                                                                     part.get("response"))))))
    if isinstance(v, str) and v[:1] in ("{", "["):
        with contextlib.suppress(ValueError):
            v = json.loads(v)
    if isinstance(v, dict) and list(v) == ["INVALID_JSON"]:  # an Anthropic input that was no JSON, kept as text
        v = v["INVALID_JSON"]
    return json.dumps(v, sort_keys=True)


def misplaced(dialect: str, history: list[Any], out: list[Any]) -> int:
    """Real results of the output that sit with another call than the one they answer in the input (the most
    recent call with their id before them)."""
    from tests.support.oracle import attribute

    truth: dict[str, set[str]] = {}
    for call, res in attribute(history, dialect):  # type: ignore[arg-type]
        truth.setdefault(_key(res), set()).add(_key(call))
    return sum(1 for call, res in attribute(out, dialect)  # type: ignore[arg-type]
               if _key(res) in truth and _key(call) not in truth[_key(res)])


def score(dialect: str, histories: list[Any], rows: list[Any]) -> dict[str, Any]:
    import tests.strategies as S
    from tests.support.oracle import validate

    acc = idem = text_lost = text_changed = crashed = unsupported = wrong = 0
    want_total = kept = 0
    costs = []
    for h, row in zip(histories, rows, strict=True):
        if "unsupported" in row:
            unsupported += 1
            continue
        want = S.keepable_results(h, dialect)
        want_total += len(want)
        if "error" in row:
            crashed += 1
            continue
        once = row["once"]
        costs.append(row["us"])
        if not [v for v in validate(once, dialect) if v.rule != "invalid_role"]:  # type: ignore[arg-type]
            acc += 1
        if row["twice"] == once:
            idem += 1
        before, after = S.texts(h, dialect), S.texts(once, dialect)
        if after != before:
            text_changed += 1
        if Counter(before) - Counter(after):
            text_lost += 1
        if dialect == "gemini":  # responses without an id pair by name
            kept += min(len(want), len(S.real_results(once, dialect)))
        else:  # by what the result says: its id may have been rewritten (a reused id, a refused character)
            wanted = {t for c, t in S.real_result_texts(h, dialect) if c in want}
            kept += len(wanted & {t for _, t in S.real_result_texts(once, dialect)})
        wrong += misplaced(dialect, h, once)
    n = len(histories) - unsupported
    if n == 0:
        return {"n": 0, "accepted": float("nan"), "idempotent": float("nan"), "kept": 0, "results": 0,
                "wrong": 0, "text_lost": 0, "text_changed": 0, "crashed": 0, "unsupported": unsupported,
                "us": float("nan")}
    return {"n": n, "accepted": acc / n, "idempotent": idem / n, "kept": kept, "results": want_total, "wrong": wrong,
            "text_lost": text_lost, "text_changed": text_changed, "crashed": crashed, "unsupported": unsupported,
            "us": statistics.median(costs) if costs else float("nan")}


def toolmend_rows(dialect: str, histories: list[Any], strategy: str, rounds: int, **kw: Any) -> list[Any]:
    import processor

    rows = []
    for h in histories:
        times = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            processor.repair(h, dialect, strategy, behaviour=False, **kw)  # type: ignore[arg-type]
            times.append(time.perf_counter() - t0)
        once = processor.repair(h, dialect, strategy, behaviour=False, **kw).messages  # type: ignore[arg-type]
        twice = processor.repair(once, dialect, strategy, behaviour=False, **kw).messages  # type: ignore[arg-type]
        rows.append({"once": once, "twice": twice, "us": statistics.median(times) * 1e6})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--random", type=int, default=500, help="generated histories per dialect")
    ap.add_argument("--rounds", type=int, default=3, help="timed repetitions per history (median)")
    ap.add_argument("--peers", default=",".join(PEER_DIALECTS), help="comma-separated peers to run")
    ap.add_argument("--run-peer", nargs=2, metavar=("CORPUS", "OUT"), help=argparse.SUPPRESS)
    ap.add_argument("--peer", help=argparse.SUPPRESS)
    ns = ap.parse_args()
    if ns.run_peer:
        run_peer(ns.peer, Path(ns.run_peer[0]), Path(ns.run_peer[1]), ns.rounds)
        return
    OUT.mkdir(exist_ok=True)
    everything = corpus(ns.random)
    import processor.core

    core = "compiled" if processor.core.compiled() else "Python"
    py: Path | None = None
    for tname in TABLES:
        hist = everything[tname]
        cpath = OUT / f"peers_corpus_{tname.replace(' ', '_')}.json"
        cpath.write_text(json.dumps(hist))
        table: list[tuple[str, str, dict[str, Any]]] = []
        for d in DIALECTS:
            for strategy in ("fill", "drop"):
                table.append((f"toolmend {strategy}", d,
                              score(d, hist[d], toolmend_rows(d, hist[d], strategy, ns.rounds))))
            if tname == "main":
                table.append(("toolmend fill, late_results=drop", d,
                              score(d, hist[d], toolmend_rows(d, hist[d], "fill", ns.rounds, late_results="drop"))))
        peers = [p for p in ns.peers.split(",") if p]
        py = py or ensure_venv(peers)
        for name in peers:
            opath = OUT / f"peer_{name}.json"
            r = subprocess.run([str(py), str(Path(__file__).resolve()), "--peer", name, "--rounds", str(ns.rounds),
                                "--run-peer", str(cpath), str(opath)], capture_output=True, text=True)
            if r.returncode != 0:
                err = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else r.returncode
                print(f"{name}: could not run ({err})")
                continue
            rows = json.loads(opath.read_text())
            for d, rs in rows.items():
                table.append((name, d, score(d, hist[d], rs)))
        print(f"\n### {tname}: {sum(len(v) for v in hist.values())} histories; toolmend core: {core}\n")
        print("| repairer | dialect | histories (not expressible) | accepted | idempotent | real results kept |"
              " in the wrong call's block | text lost / changed | crashed | µs/history (median) |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for name, d, s in sorted(table, key=lambda x: (DIALECTS.index(x[1]), x[0])):
            if s["n"] == 0:
                continue
            print(f"| {name} | {d} | {s['n']} ({s['unsupported']}) | {s['accepted']:.1%} | {s['idempotent']:.1%} | "
                  f"{s['kept']}/{s['results']} | {s['wrong']} | {s['text_lost']} / {s['text_changed']} | "
                  f"{s['crashed']} | {s['us']:.0f} |")


if __name__ == "__main__":
    main()
