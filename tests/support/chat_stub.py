"""A stub of the OpenAI Chat Completions API on a loopback port: it answers each POST with the next scripted reply.

Used to run the real `openai` client (and the instrumentations that wrap it) offline. It knows nothing of
tracing; it only records the request bodies it received, so a test can compare them with the spans.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def text_reply(content: str) -> dict[str, Any]:
    return {"role": "assistant", "content": content}


def call_reply(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": call_id, "type": "function",
                            "function": {"name": name, "arguments": json.dumps(arguments, ensure_ascii=False)}}]}


class ChatStub:
    """Scripted replies (assistant messages), served in order; `requests` holds the bodies received."""

    def __init__(self) -> None:
        self.replies: list[dict[str, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self._n = 0
        self._lock = threading.Lock()
        self.server: ThreadingHTTPServer | None = None

    @property
    def base_url(self) -> str:
        assert self.server is not None
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def answer(self, body: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            self.requests.append(body)
            msg = self.replies[self._n]
            self._n += 1
        finish = "tool_calls" if msg.get("tool_calls") else "stop"
        return {"id": f"chatcmpl-stub-{self._n}", "object": "chat.completion", "created": 1_764_600_000,
                "model": body.get("model", "stub"),
                "choices": [{"index": 0, "message": msg, "finish_reason": finish, "logprobs": None}],
                "usage": {"prompt_tokens": 10 * self._n, "completion_tokens": 5, "total_tokens": 10 * self._n + 5}}


@contextmanager
def serve(stub: ChatStub) -> Iterator[ChatStub]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            n = int(self.headers.get("content-length") or 0)
            body = json.loads(self.rfile.read(n) or b"{}")
            out = json.dumps(stub.answer(body)).encode()
            self.send_response(200)
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
