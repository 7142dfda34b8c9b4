"""Errors and rule options of the kernel."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass

import pytest

from cardtable.core import (
    BadRules,
    IllegalAction,
    make_rules,
    option,
    option_table,
    option_variants,
    rules_json,
)


@dataclass(frozen=True)
class ToyRules:
    size: int = option(0, doc="how many", rule="T1", choices=(0, 1, 2))
    strict: bool = option(False, doc="be strict", rule="T2", choices=(False, True))
    mode: str = option("a", doc="which mode", rule="T3", choices=("a", "b"))
    cap: int | None = option(None, doc="a cap", rule="T4", kind=int, minimum=1, examples=(15,))


def test_errors_are_value_errors_naming_action_seat_and_rule() -> None:
    e = IllegalAction("bid 2", 1, "rule 12", "equal bids are illegal")
    assert isinstance(e, ValueError)
    assert str(e) == "seat 1 bid 2: equal bids are illegal (rule 12)"


def test_options_are_checked_up_front() -> None:
    assert make_rules(ToyRules, "toy", {"size": 2, "cap": 15}) == ToyRules(size=2, cap=15)
    with pytest.raises(BadRules, match="unknown toy option 'colour'"):
        make_rules(ToyRules, "toy", {"colour": 1})
    with pytest.raises(BadRules, match="toy option size: 3 is not one of 0, 1, 2"):
        make_rules(ToyRules, "toy", {"size": 3})
    with pytest.raises(BadRules, match="not one of false, true"):
        make_rules(ToyRules, "toy", {"strict": 1})  # 1 is not a bool
    with pytest.raises(BadRules, match='"c" is not one of "a", "b"'):
        make_rules(ToyRules, "toy", {"mode": "c"})
    with pytest.raises(BadRules, match="expected a whole number"):
        make_rules(ToyRules, "toy", {"cap": "15"})
    with pytest.raises(BadRules, match="below the least allowed"):
        make_rules(ToyRules, "toy", {"cap": 0})


def test_rules_json_holds_only_non_defaults() -> None:
    assert rules_json(ToyRules()) == {}
    assert rules_json(ToyRules(mode="b", cap=14)) == {"mode": "b", "cap": 14}


def test_option_variants_and_table() -> None:
    assert option_variants(ToyRules) == [
        ("size", 1),
        ("size", 2),
        ("strict", True),
        ("mode", "b"),
        ("cap", 15),
    ]
    assert [row[0] for row in option_table(ToyRules)] == ["size", "strict", "mode", "cap"]


def test_kernel_and_engines_use_only_the_standard_library() -> None:
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import cardtable.cards, cardtable.core, cardtable.record, cardtable.registry, cardtable.counts\n"
        "from cardtable import registry\n"
        "for name in registry.names(): registry.get_game(name)\n"
        "roots = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        # `<hash>__mypyc` is the compiled build's own runtime module (setup.py), part of cardtable;
        # `tests` is the toy game kept with the tests (tests/toygame), registered for them
        "print(sorted(r for r in roots if r not in sys.stdlib_module_names and r not in ('cardtable', 'tests')\n"
        "             and not r.endswith('__mypyc')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
