"""Grades of a decision from its loss, and a seat's accuracy.

A decision's loss is the search's value of the best move minus that of the move made, in the
game's points per hand; its 95% interval comes from the two values' standard errors. The grade:

- ``best``: the move made is the search's best, or the only legal move, or its loss is not above 0;
- ``good``: a loss below the game's ``good`` threshold, or one no larger than its own standard
  error (the search cannot tell it from noise);
- ``inaccuracy``, ``mistake``, ``blunder``: losses below ``inaccuracy``, below ``mistake``, and
  from ``mistake`` up.

Accuracy is the share of a seat's decisions with a choice (more than one legal move) graded best
or good, as a percentage (docs/analysis.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.analysis.parts import Thresholds

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: The grades that count as accurate.
ACCURATE = frozenset({"best", "good"})
#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96


def grade(loss: float, stderr: float, limits: Thresholds, same: bool) -> str:
    """The grade of a decision whose loss is ``loss`` with standard error ``stderr``; ``same``
    when the move made is the best one."""
    if same or loss <= 0:
        return "best"
    if loss <= stderr or loss < limits.good:
        return "good"
    if loss < limits.inaccuracy:
        return "inaccuracy"
    if loss < limits.mistake:
        return "mistake"
    return "blunder"


def accuracy(decisions: Sequence[dict[str, Any]]) -> float | None:
    """The percentage of decisions with a choice graded best or good (``None`` without any)."""
    chosen = [d for d in decisions if not d["forced"]]
    if not chosen:
        return None
    return 100.0 * sum(d["grade"] in ACCURATE for d in chosen) / len(chosen)
