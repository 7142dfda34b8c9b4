"""The Ray backend of ``cardtable analyze``, on a local Ray instance: the same analysis as the
process backend, from the function and from the command line.

These tests need the ``ray`` extra (``pip install -e '.[dev,ray]'``); without it they are skipped,
as the tournaments' Ray tests are. One Ray instance serves the whole module.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.analysis import analyze_record
from cardtable.cli import main
from tests.analysis.helpers import played_record

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.ERROR)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_process_backends_analysis(cluster: None) -> None:
    record = played_record("smear", 21, hands=3)
    seen: list[tuple[int, int]] = []
    on_ray = analyze_record(record, level="easy", backend="ray", progress=lambda d, t: seen.append((d, t)))
    for jobs in (1, 2):
        assert analyze_record(record, level="easy", jobs=jobs) == on_ray
    assert on_ray["complete"] and seen[-1] == (on_ray["decisions"], on_ray["decisions"])
    assert ray.is_initialized()  # a Ray instance the run did not start is left running


def test_the_analyze_command_on_ray(cluster: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(played_record("sheepshead", 22, hands=2)))
    base = ["analyze", str(path), "--seat", "0,3", "--level", "easy", "--json", "--quiet"]
    assert main([*base, "--backend", "ray"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert main(base) == 0
    assert json.loads(capsys.readouterr().out) == on_ray
    assert main([*base, "--address", "127.0.0.1:1"]) == 2
    assert "--address is for --backend ray only" in capsys.readouterr().err
