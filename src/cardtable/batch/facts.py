"""Many playouts' facts read at once: the rows of one table of numbers, each seen as a mapping.

The analysis reads what each playout led to as a mapping of named numbers (a game's
``analysis.facts``: ``{"high": 1.0, "tricks": 4.0, ...}``). A game's batch may read those numbers
off its rows for thousands of playouts in one go (the optional ``facts`` of
`cardtable.batch.protocol.Loadable`) instead of building each end's engine state and reading it
there. `FactRows` holds them as one table, a column per name, and each of its rows is a `Facts`:
a read-only mapping over the table's names, made without a dictionary of its own, so that a
hundred thousand of them cost little.

>>> rows = FactRows(("won", "tricks"), [[1.0, 4.0], [0.0, 2.0]])
>>> rows[1]["tricks"], rows[0].get("lost", 0.0), dict(rows[0])
(2.0, 0.0, {'won': 1.0, 'tricks': 4.0})
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import overload


class Facts(Mapping[str, float]):
    """One playout's facts: the names of its table, its row of numbers."""

    __slots__ = ("_index", "_values")

    def __init__(self, index: Mapping[str, int], values: Sequence[float]) -> None:
        self._index = index
        self._values = values

    def __getitem__(self, key: str) -> float:
        return self._values[self._index[key]]

    def get(self, key: str, default: float | None = None) -> float | None:  # type: ignore[override]
        """The fact ``key``, or ``default`` where the table has no such column (a dict's `get`,
        without the mapping's generic one, which would try and catch an error each time)."""
        i = self._index.get(key)
        return default if i is None else self._values[i]

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def items(self) -> Iterator[tuple[str, float]]:  # type: ignore[override]
        """The names and numbers, side by side (without a lookup of each name)."""
        return zip(self._index, self._values, strict=True)

    def __len__(self) -> int:
        return len(self._index)

    def __repr__(self) -> str:
        return f"Facts({dict(self)!r})"


class FactRows(Sequence[Facts]):
    """A table of facts: ``names`` its columns, ``values`` its rows (each as long as ``names``)."""

    def __init__(self, names: Sequence[str], values: list[list[float]]) -> None:
        self._index = {name: i for i, name in enumerate(names)}
        if len(self._index) != len(names):
            raise ValueError("facts: a name given twice")
        if any(len(v) != len(names) for v in values):
            raise ValueError(f"facts: every row needs {len(names)} numbers")
        self._values = values

    @overload
    def __getitem__(self, i: int) -> Facts: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Facts]: ...

    def __getitem__(self, i: int | slice) -> Facts | Sequence[Facts]:
        if isinstance(i, slice):
            return [Facts(self._index, v) for v in self._values[i]]
        return Facts(self._index, self._values[i])

    def __len__(self) -> int:
        return len(self._values)
