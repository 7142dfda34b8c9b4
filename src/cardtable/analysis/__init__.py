"""The analysis after the hand: every decision of a record graded by the search, from what the
deciding seat could see, and each hand's open-card value where the game's solver finishes.

`analyze_record` is the whole review of a record as JSON-ready data (docs/analysis.md gives its
shape); `cardtable analyze` prints it. What only one game knows (its grade thresholds, its
sentences of why, its open-card solver) lives in that game's package (`parts`).
"""

from __future__ import annotations

from cardtable.analysis.review import analyze_decision, analyze_hand, analyze_record

__all__ = ["analyze_decision", "analyze_hand", "analyze_record"]
