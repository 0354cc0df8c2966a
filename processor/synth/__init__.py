"""Synthetic LLM tool-call conversation traffic with injected faults and exact ground truth.

| module | holds |
|---|---|
| `generate.py` | the entry point: `generate`, `iter_generate` (conversations planned, packed, merged by event time) |
| `conversation.py` | one conversation planned: its turns, tool blocks, injected faults (`FaultRates`) and truth |
| `events.py` | a planned conversation packed into Kafka events (`GeneratedEvent`), redeliveries, malformed records |
| `merge.py` | the conversations' events merged by event time, fillers keeping every timeout decidable |
| `content.py` | realistic dialect-neutral content: tools, requests, results, answers (English, Chinese) |
| `native.py` | native messages of the four dialects, as the provider APIs take them |
| `claims.py` | unbacked claims: replies claiming an act or a tool-only fact with no call of their turn behind them |
| `truth.py` | what the tracker must report for a generated stream, per conversation and in total (`GroundTruth`) |
| `jsonl.py` | the JSONL form of generated records (`{"key", "value"}` lines) |
| `produce.py` | generated events to a cluster, each counted sent or refused; or as kafka-console-producer lines |
| `progress.py` | how far a produce is: a bar on a terminal, a line every few seconds otherwise |
| `cli.py` | `toolmend generate` (also `python -m processor.synth`): events as JSONL, their truth as JSON |

Nothing is re-exported here, so that the module `processor.synth.generate` is never shadowed by its function of
the same name.
"""
