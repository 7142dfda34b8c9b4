"""``bench/disagree.py``: where the rule-based bot and the search disagree, by kind of decision."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cardtable import registry


def _script() -> ModuleType:
    path = Path(__file__).resolve().parent.parent / "bench" / "disagree.py"
    spec = importlib.util.spec_from_file_location("bench_disagree", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", registry.names())
def test_it_counts_every_searched_decision_once_in_a_table(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _script().main(["--game", name, "--decisions", "5", "--level", "easy", "--examples", "1"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if re.match(r"\| [a-z]", line) and not line.startswith("| decision")]
    counts = [int(row.split("|")[2]) for row in rows]
    assert sum(counts) == 5, out
    for row in rows:  # a gap is the search's best value minus the rule-based choice's: never below 0
        assert float(row.split("|")[3]) >= 0, row
    if name == "sheepshead":  # the card play by place in the trick and side
        kinds = r"(pick|bury|call|crack|play, (lead|2nd|3rd|4th|5th), (picker|partner|defender|leaster))"
        for row in rows:
            assert re.fullmatch(kinds, row.split("|")[1].strip()), row
