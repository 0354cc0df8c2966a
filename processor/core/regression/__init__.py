"""`text_only_regression`: a request of a kind the assistant served with a tool earlier is now answered with text;
`unbacked_claim`: a reply claims an act or a tool-only fact that no call of its turn produced (shared evidence).

| module | holds |
|---|---|
| `text.py` | language-agnostic text features: normalisation, tokens, stemming, CJK n-grams, identifiers, hashes |
| `cues.py` | per-language closed lists (function words, thanks, status queries, refusals ...); adding a language |
| `analysis.py` | a request's content, slot tokens and flags; a reply's veto (both cached by text) |
| `evidence.py` | what tools say about their kind: names, argument keys and values, definitions; system restrictions |
| `served.py` | a request a tool served (`Served`): its kind, slots, result and answer tokens, hashed and bounded |
| `facts.py` | the figures a conversation showed (`Facts`), to tell a reply's invented figures from known ones |
| `matching.py` | whether a request is of the kind of a served one, a follow-up of the topic, or already answered |
| `features.py` | the features of a judged turn, what the learned scorer weighs |
| `scorer.py` | the learned scorer: the model file's format (trees or logistic) and the active model |
| `detector.py` | the per-conversation state machine (`RegressionDetector`) and its bounded, text-free state |
| `claims.py` | `unbacked_claim` (`ClaimTracker`): a reply grounded in its turn's calls and context (`claims.json`) |
| `arith.py` | the arithmetic a request asks for: its expression's values, to tell a worked result from a tool's |
| `naming.py` | how a request invokes a tool by name and how a sentence names one; a reply that is only a value |
| `frameworks.py` | what agent frameworks add that is no request or text answer (code executors' output, code replies) |
| `followups.py` | what reads like a request a tool served and is not (the past, relays, routing); announcements |

See docs/regression.md.
"""

from __future__ import annotations

from .analysis import Reply, Request, analyze_reply, analyze_request
from .detector import (
    MAX_REQUEST_TOKENS,
    MAX_SERVED,
    MAX_SNIPPETS,
    STATE_VERSION,
    AssistantTurn,
    RegressionDetector,
)
from .served import Served

__all__ = ["MAX_REQUEST_TOKENS", "MAX_SERVED", "MAX_SNIPPETS", "STATE_VERSION", "AssistantTurn", "RegressionDetector",
           "Reply", "Request", "Served", "analyze_reply", "analyze_request"]
