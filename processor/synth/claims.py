"""Unbacked claims for the synthetic traffic: replies that tell the user an act was done, or state a fact only a
tool could know, with no call of their turn behind it, while the request offered the tool (docs/regression.md,
`unbacked_claim`).

Three shapes, as real agents write them:

* `act_no_call`: the user asks for an act and the model answers as if it had done it ("I've cancelled order
  #A-4412 for you.", 已为您取消订单), no call made;
* `fact_no_call`: the user asks for something only a lookup knows and the model states it (a temperature, a
  price, a count), no call made;
* `act_not_covered`: the user asks for two acts, the model calls the tool of the first and tells of both.

The claimed tool was never called earlier in the conversation (so the reply is no `text_only_regression`, whose
meaning is a request of a kind a tool served before), and the request that produced the reply carries the app's
tool definitions (`tools` of a `request` event), among them the claimed tool. Two retail tools, offered beside
the generator's others, are only ever claimed: `cancel_order` and `issue_refund`.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from processor.synth import content as C
from processor.synth.native import JSON

KINDS: tuple[str, ...] = ("act_no_call", "fact_no_call", "act_not_covered")
_WEIGHTS: tuple[float, ...] = (0.45, 0.35, 0.2)

# acts a reply may claim (the generator's write tools and the retail ones), lookups a reply may answer from
ACT_TOOLS: tuple[str, ...] = ("book_meeting", "cancel_order", "create_ticket", "issue_refund", "send_email",
                              "set_timer", "set_volume", "update_ticket")
LOOKUP_TOOLS: tuple[str, ...] = ("get_calendar", "get_directions", "get_stock_price", "get_weather",
                                 "query_database")

_REASONS: tuple[tuple[str, str], ...] = (
    ("I ordered the wrong size", "买错尺码了"),
    ("it won't arrive in time", "赶不上用了"),
    ("I found it cheaper elsewhere", "别家更便宜"),
)
_DAMAGE: tuple[tuple[str, str], ...] = (
    ("the item arrived broken", "收到的商品是坏的"),
    ("the package never arrived", "包裹一直没到"),
    ("I was charged twice", "被重复扣款了"),
)


def _order_id(rng: random.Random) -> str:
    return f"#{rng.choice('ABCDKMR')}-{rng.randint(1000, 9999)}"


def _cancel_order(rng: random.Random, lang: C.Lang, tpl: int) -> C.Task:
    oid = _order_id(rng)
    why_en, why_zh = rng.choice(_REASONS)
    if lang == "en":
        user = (f"Please cancel order {oid}, {why_en}.", f"Can you cancel my order {oid}?")[tpl]
        answer = rng.choice((f"I've cancelled order {oid} for you. You'll get a confirmation email shortly.",
                             f"Your order {oid} has been cancelled and won't be shipped.",
                             f"Done! Order {oid} is cancelled."))
    else:
        user = (f"请帮我取消订单{oid}，{why_zh}", f"订单{oid}不要了，帮我取消一下")[tpl]
        answer = rng.choice((f"已为您取消订单{oid}，确认邮件稍后发送。", f"订单{oid}已取消，不会再发货。"))
    result = {"order_id": oid, "status": "cancelled"}
    return C.Task("cancel_order", user, {"order_id": oid, "reason": why_en}, result, answer, tpl)


def _issue_refund(rng: random.Random, lang: C.Lang, tpl: int) -> C.Task:
    oid = _order_id(rng)
    amount = f"{rng.randint(8, 240)}.{rng.randint(0, 99):02d}"
    what_en, what_zh = rng.choice(_DAMAGE)
    if lang == "en":
        user = (f"Can I get a refund for order {oid}? {what_en.capitalize()}.",
                f"I want my money back for {oid}, {what_en}.")[tpl]
        answer = rng.choice((f"Your refund of ${amount} was issued to your original payment method; it should "
                             "show up in 3-5 business days.",
                             f"I've refunded ${amount} for order {oid}. Refund reference "
                             f"RF-{rng.randint(10**5, 10**6)}."))
    else:
        user = (f"订单{oid}能退款吗？{what_zh}。", f"{oid}这单{what_zh}，我要退款")[tpl]
        answer = rng.choice((f"已为您办理退款，{amount}元将在3-5个工作日内退回原支付账户。",
                             f"订单{oid}的退款{amount}元已提交成功，退款单号RF-{rng.randint(10**5, 10**6)}。"))
    result = {"order_id": oid, "refund_id": f"RF-{rng.randint(10**5, 10**6)}", "amount": amount, "status": "issued"}
    return C.Task("issue_refund", user, {"order_id": oid, "reason": what_en}, result, answer, tpl)


RETAIL: tuple[C.ToolSpec, ...] = (
    C.ToolSpec("cancel_order", "Cancel a customer's order that has not shipped yet (not idempotent)", False,
               ("cancel", "取消"), 2, _cancel_order, "", ""),
    C.ToolSpec("issue_refund", "Refund an order to the original payment method (not idempotent)", False,
               ("refund", "退款"), 2, _issue_refund, "", ""),
)
_SPECS: dict[str, C.ToolSpec] = {**C.TOOLS_BY_NAME, **{t.name: t for t in RETAIL}}


# how else a model tells of an act it did not do: in the first person, as often as the templates' impersonal
# "has been sent" (fields: the call's arguments and its result, had it run)
_FIRST_PERSON: dict[str, tuple[str, str]] = {
    "send_email": ("I've sent the email to {to}.", "我已经把邮件发给{to}了。"),
    "create_ticket": ("I've opened ticket {ticket_id} for this; the support team will pick it up shortly.",
                      "已帮您提交工单{ticket_id}，技术支持会尽快跟进。"),
    "book_meeting": ("I've booked it and sent the invitation to {attendee}.", "会议已经约好了，邀请已发给{attendee}。"),
    "set_timer": ("I've started a {minutes}-minute timer for you.", "好的，{minutes}分钟的计时器已经开始计时了。"),
    "set_volume": ("I've set the volume to {volume}%.", "已经把音量调到{volume}%了。"),
    "update_ticket": ("I've updated ticket {ticket_id}; its status is now {status}.",
                      "工单{ticket_id}的状态已经更新好了。"),
}


def make(rng: random.Random, lang: C.Lang, tool: str) -> C.Task:
    """A task of `tool` whose answer is told as the model would tell it."""
    spec = _SPECS[tool]
    task = spec.make(rng, lang, rng.randrange(spec.templates))
    said = _FIRST_PERSON.get(tool)
    if said is None or rng.random() < 0.5:
        return task
    fields: dict[str, Any] = {**task.args, **task.result}
    fields["attendee"] = ", ".join(task.args.get("attendees") or ())
    fields["minutes"] = int(task.args.get("duration_seconds", 0)) // 60
    fields["status"] = str(fields.get("status", "")).replace("_", " ")
    return replace(task, answer=said[lang == "zh"].format(**fields))


@dataclass(frozen=True, slots=True)
class Claim:
    kind: str  # one of KINDS
    tasks: list[C.Task]  # act_not_covered: [called, claimed]; else [claimed]

    @property
    def tool(self) -> str:
        """The tool the reply claims and no call of its turn ran."""
        return self.tasks[-1].tool


def plan(rng: random.Random, lang: C.Lang, served: Collection[str]) -> Claim | None:
    """A claim about a tool `served` (called earlier in the conversation) does not hold: None when none is left."""
    kind = rng.choices(KINDS, _WEIGHTS)[0]
    pool = [t for t in (LOOKUP_TOOLS if kind == "fact_no_call" else ACT_TOOLS) if t not in served]
    if not pool:
        return None
    claimed = make(rng, lang, pool[rng.randrange(len(pool))])
    if kind != "act_not_covered":
        return Claim(kind, [claimed])
    others = [t for t in C.TOOLS if not t.idempotent and t.name != claimed.tool]
    first = others[rng.randrange(len(others))]
    return Claim(kind, [first.make(rng, lang, rng.randrange(first.templates)), claimed])


def request_text(claim: Claim, lang: C.Lang) -> str:
    if claim.kind == "act_not_covered":
        return C.chain_request(claim.tasks, lang)
    return claim.tasks[0].user


def reply_text(claim: Claim, lang: C.Lang) -> str:
    return C.join_answers([t.answer for t in claim.tasks], lang)


# ---------------------------------------------------------------------------------------------------------------
# The app's tool definitions, in each dialect's request shape


def _schema(args: dict[str, Any]) -> JSON:
    kinds = {bool: "boolean", int: "integer", float: "number", list: "array", dict: "object"}
    props = {k: {"type": kinds.get(type(v), "string")} for k, v in args.items()}
    return {"type": "object", "properties": props, "required": sorted(props)}


@cache
def _declarations() -> tuple[tuple[str, str, JSON], ...]:
    rng = random.Random(0)
    out = []
    for spec in (*C.TOOLS, *RETAIL):
        out.append((spec.name, spec.description, _schema(spec.make(rng, "en", 0).args)))
    return tuple(out)


def definitions(dialect: str) -> list[JSON]:
    """Every tool the generated apps offer, as the dialect's request carries them (`tools`)."""
    decl = _declarations()
    if dialect == "openai_chat":
        return [{"type": "function", "function": {"name": n, "description": d, "parameters": s}} for n, d, s in decl]
    if dialect == "openai_responses":
        return [{"type": "function", "name": n, "description": d, "parameters": s} for n, d, s in decl]
    if dialect == "anthropic":
        return [{"name": n, "description": d, "input_schema": s} for n, d, s in decl]
    return [{"functionDeclarations": [{"name": n, "description": d, "parameters": s} for n, d, s in decl]}]


__all__ = ["ACT_TOOLS", "KINDS", "LOOKUP_TOOLS", "RETAIL", "Claim", "definitions", "make", "plan", "reply_text",
           "request_text"]
