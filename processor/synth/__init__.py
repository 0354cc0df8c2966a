"""Synthetic LLM tool-call conversation traffic with injected faults and exact ground truth.

Entry points: `processor.synth.generate` (`generate`, `iter_generate`, `FaultRates`, `GeneratedEvent`),
`processor.synth.truth` (`GroundTruth`), `processor.synth.cli.main` (`toolmend generate`) and
`processor.synth.jsonl` (the JSONL record form). Nothing is re-exported here, so that the module
`processor.synth.generate` is never shadowed by its function of the same name.
"""
