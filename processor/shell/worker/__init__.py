"""The live stream: the Kafka loop, its checkpoints and their one ordered commit, ownership, state recovery.

| module | owns |
|---|---|
| `loop.py` | the Kafka loop: fetch a batch, run the core on it, hand its checkpoint to the committer |
| `checkpoint.py` | a batch's checkpoint (its plan) and the commit order, at least once or exactly once |
| `fencing.py` | ownership proved before each commit step: generation, assignment, heartbeat lease |
| `recovery.py` | a partition's state restored on assignment, checked against the offsets, rebuilt from the input |
| `repartition.py` | after partitions were added: each conversation's state rebuilt where its key now maps |
| `stable_offsets.py` | the group's committed offsets read stable (OffsetFetch with `require_stable`) |
| `batches.py` | record batches the Kafka client cannot decode, named in one line |
| `topic_rules.py` | what the worker requires of its topics at start (`toolmend validate --connect` checks the same) |

The package knows the core, the settings and the shared Kafka helpers (`shell/kafka.py`); it knows nothing of
commands, replays, OTLP input or HTTP (the command that runs a worker puts the endpoints beside it).
"""

from .batches import Undecodable, name_undecodable_batches
from .checkpoint import AtLeastOnce, Checkpoint, Committer, ExactlyOnce, Transport, plan
from .fencing import Fenced, Ownership
from .loop import Worker
from .recovery import StateLost, rebuild, restore
from .stable_offsets import stable_committed

__all__ = ["AtLeastOnce", "Checkpoint", "Committer", "ExactlyOnce", "Fenced", "Ownership", "StateLost", "Transport",
           "Undecodable", "Worker", "name_undecodable_batches", "plan", "rebuild", "restore",
           "stable_committed"]
