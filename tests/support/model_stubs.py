"""Loopback stubs of three model APIs (OpenAI Chat Completions, OpenAI Responses, Anthropic Messages) on one port.

Each POST gets the next scripted reply, rendered in the API's own response shape; the request bodies are kept
(the truth an outside check compares the spans with). Standard library only: the fixture recorder
(tools/otel_fixtures/) imports this file by path inside venvs that have no toolmend installed.

A reply is neutral: `Reply(text, calls, thinking)`, `calls` a list of (call id, tool name, arguments dict).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    text: str | None = None
    calls: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    thinking: str | None = None  # Anthropic: a thinking block (with a signature) before the rest


def _usage_chat(n: int) -> dict[str, Any]:
    return {"prompt_tokens": 10 * n, "completion_tokens": 5, "total_tokens": 10 * n + 5}


def render_chat(r: Reply, n: int, model: str) -> dict[str, Any]:
    msg: dict[str, Any] = {"role": "assistant", "content": r.text}
    if r.calls:
        msg["tool_calls"] = [{"id": cid, "type": "function",
                              "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)}}
                             for cid, name, args in r.calls]
    return {"id": f"chatcmpl-stub-{n}", "object": "chat.completion", "created": 1_764_600_000 + n, "model": model,
            "choices": [{"index": 0, "message": msg, "finish_reason": "tool_calls" if r.calls else "stop",
                         "logprobs": None}],
            "usage": _usage_chat(n)}


def render_responses(r: Reply, n: int, model: str) -> dict[str, Any]:
    out: list[dict[str, Any]] = []
    if r.text:
        out.append({"type": "message", "id": f"msg_stub_{n}", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": r.text, "annotations": []}]})
    for k, (cid, name, args) in enumerate(r.calls):
        out.append({"type": "function_call", "id": f"fc_stub_{n}_{k}", "call_id": cid, "name": name,
                    "arguments": json.dumps(args, ensure_ascii=False), "status": "completed"})
    return {"id": f"resp_stub_{n}", "object": "response", "created_at": 1_764_600_000 + n, "status": "completed",
            "model": model, "output": out, "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
            "temperature": 1.0, "top_p": 1.0, "text": {"format": {"type": "text"}}, "truncation": "disabled",
            "incomplete_details": None, "error": None, "instructions": None, "metadata": {},
            "usage": {"input_tokens": 10 * n, "output_tokens": 5, "total_tokens": 10 * n + 5,
                      "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}}


def render_messages(r: Reply, n: int, model: str) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    if r.thinking:
        content.append({"type": "thinking", "thinking": r.thinking, "signature": f"EqStubSignature{n}=="})
    if r.text:
        content.append({"type": "text", "text": r.text})
    for cid, name, args in r.calls:
        content.append({"type": "tool_use", "id": cid, "name": name, "input": args})
    return {"id": f"msg_stub_{n}", "type": "message", "role": "assistant", "model": model, "content": content,
            "stop_reason": "tool_use" if r.calls else "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 10 * n, "output_tokens": 5}}


def messages_events(msg: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A Messages reply as the server-sent events of `stream: true`."""
    head = {**msg, "content": [], "stop_reason": None}
    out: list[tuple[str, dict[str, Any]]] = [("message_start", {"type": "message_start", "message": head})]
    for i, b in enumerate(msg["content"]):
        t = b["type"]
        if t == "text":
            start, delta = {"type": "text", "text": ""}, {"type": "text_delta", "text": b["text"]}
        elif t == "thinking":
            start, delta = {"type": "thinking", "thinking": ""}, {"type": "thinking_delta", "thinking": b["thinking"]}
        else:
            start = {**b, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(b["input"])}
        out.append(("content_block_start", {"type": "content_block_start", "index": i, "content_block": start}))
        out.append(("content_block_delta", {"type": "content_block_delta", "index": i, "delta": delta}))
        if t == "thinking":
            out.append(("content_block_delta", {"type": "content_block_delta", "index": i,
                                                "delta": {"type": "signature_delta", "signature": b["signature"]}}))
        out.append(("content_block_stop", {"type": "content_block_stop", "index": i}))
    out.append(("message_delta", {"type": "message_delta", "delta": {"stop_reason": msg["stop_reason"],
                                                                      "stop_sequence": None},
                                  "usage": {"output_tokens": msg["usage"]["output_tokens"]}}))
    out.append(("message_stop", {"type": "message_stop"}))
    return out


class ModelStub:
    """Scripted replies, served in order whatever the endpoint; `requests` holds (path, body) received."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self._n = 0
        self._lock = threading.Lock()
        self.server: ThreadingHTTPServer | None = None

    @property
    def root(self) -> str:
        assert self.server is not None
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def base_url(self) -> str:  # OpenAI clients take the /v1 prefix in their base URL
        return self.root + "/v1"

    def answer(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            self.requests.append((path, body))
            reply = self.replies[self._n]
            self._n += 1
            n = self._n
        model = str(body.get("model") or "stub")
        if path.endswith("/responses"):
            return render_responses(reply, n, model)
        if path.endswith("/messages"):
            return render_messages(reply, n, model)
        return render_chat(reply, n, model)


@contextmanager
def serve(stub: ModelStub) -> Iterator[ModelStub]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            n = int(self.headers.get("content-length") or 0)
            body = json.loads(self.rfile.read(n) or b"{}")
            try:
                doc = stub.answer(self.path, body)
                code = 200
                if body.get("stream") and self.path.endswith("/messages"):
                    out = b"".join(f"event: {e}\ndata: {json.dumps(d)}\n\n".encode()
                                   for e, d in messages_events(doc))
                    self.send_response(200)
                    self.send_header("content-type", "text/event-stream")
                    self.send_header("content-length", str(len(out)))
                    self.end_headers()
                    self.wfile.write(out)
                    return
                out = json.dumps(doc).encode()
            except IndexError:  # the script ran out: a test error, answered as one
                out, code = b'{"error": {"message": "no scripted reply left"}}', 500
            self.send_response(code)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(out)))
            self.end_headers()
            self.wfile.write(out)

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    stub.server = server
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    try:
        yield stub
    finally:
        server.shutdown()
        server.server_close()
        t.join(5)
