"""Learning the `text_only_regression` scorer, and calibrating `unbacked_claim`, from labelled conversations
(`toolmend train-detector`).

| module | owns |
|---|---|
| `labelled.py` | labelled conversations read, and each judged turn turned into the scorer's features and its label |
| `fitting.py` | the fit (gradient-boosted trees or logistic regression), the threshold, the model file's body |
| `claims.py` | `unbacked_claim`'s rule scores and threshold calibrated on a team's labels (`--claims`) |

Imports the core only (the features and the model format are `processor/core/regression/`'s): what is learned
here is computed in production by the same code. It reads no flags and prints nothing.
"""

from .claims import calibrate
from .fitting import fit, fit_trees, train
from .labelled import Example, dataset, examples, load_records

__all__ = ["Example", "calibrate", "dataset", "examples", "fit", "fit_trees", "load_records", "train"]
