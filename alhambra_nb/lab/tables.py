"""The lab's tables: pandas DataFrames where pandas is installed, a plain :class:`Table` where
it is not (the classroom site, whose browser Python has no pandas), and the few readings
the lab and the tutorials need from either.

::

    rows = alh.lab.rows(sim.players)                    # a list of dicts, in both places
    [row["score"] for row in rows if row["start"]]      # plain Python from here on

Everything the lab works out itself (summaries, shares, intervals, charts) reads the tables
through :func:`column`, so it gives the same numbers whichever kind of table holds the rows.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

from ..core.messages import render, shown
from .errors import LabError

HEAD = 5
"""How many rows :meth:`Table.head` shows unless told, as pandas does."""


class Table(Sequence[dict[str, Any]]):
    """Rows with named columns, read-only: a row is a dict, ``table["score"]`` a column (a
    list), ``table[["seed", "score"]]`` the table of those columns, ``table.head(4)`` its first
    rows. Shown as a table in a notebook, and as aligned text by ``print``."""

    def __init__(self, columns: Sequence[str], records: Sequence[Sequence[Any]] = ()) -> None:
        self._columns = _names(columns)
        self._records = _records(records, len(self._columns))
        self._index = {name: i for i, name in enumerate(self._columns)}

    @property
    def columns(self) -> tuple[str, ...]:
        """The names of the columns, in order."""
        return self._columns

    def __len__(self) -> int:
        return len(self._records)

    @overload
    def __getitem__(self, key: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, key: slice) -> Table: ...
    @overload
    def __getitem__(self, key: str) -> list[Any]: ...
    @overload
    def __getitem__(self, key: list[str]) -> Table: ...
    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return [record[self._position(key)] for record in self._records]
        if isinstance(key, list):
            positions = [self._position(name) for name in key]
            return Table(key, [[record[i] for i in positions] for record in self._records])
        if isinstance(key, slice):
            return Table(self._columns, self._records[key])
        if isinstance(key, int) and not isinstance(key, bool):
            return dict(zip(self._columns, self._records[key], strict=True))
        raise LabError(render("lab.table-key", {"value": shown(key)}))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        for record in self._records:
            yield dict(zip(self._columns, record, strict=True))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return (self._columns, self._records) == (other._columns, other._records)

    __hash__ = None  # type: ignore[assignment]  # equal by content, and a table is no key

    def _position(self, name: str) -> int:
        try:
            return self._index[name]
        except (KeyError, TypeError):
            words = {"value": shown(name), "columns": ", ".join(self._columns)}
            raise LabError(render("lab.column", words)) from None

    def head(self, n: int = HEAD) -> Table:
        """The first ``n`` rows."""
        return self[:n]

    def to_text(self) -> str:
        """The rows as aligned text, a header line first, numbers to the right."""
        cells = [list(self._columns)] + [[_cell(v) for v in r] for r in self._records]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self._columns))]
        right = [all(_is_number(r[i]) for r in self._records) for i in range(len(widths))]
        lines = []
        for row in cells:
            parts = [
                text.rjust(width) if aligned else text.ljust(width)
                for text, width, aligned in zip(row, widths, right, strict=True)
            ]
            lines.append("  ".join(parts).rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<Table: {len(self)} rows × {len(self._columns)} columns>"

    def _repr_html_(self) -> str:
        header = "".join(f"<th>{html.escape(name)}</th>" for name in self._columns)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(_cell(v))}</td>" for v in record) + "</tr>"
            for record in self._records
        )
        return f"<table><thead><tr>{header}</tr></thead><tbody>{body}</tbody></table>"


def _names(columns: object) -> tuple[str, ...]:
    if isinstance(columns, str) or not isinstance(columns, Sequence):
        raise LabError(render("lab.table-columns", {"value": shown(columns)}))
    names = tuple(columns)
    if not all(isinstance(name, str) for name in names) or len(set(names)) != len(names):
        raise LabError(render("lab.table-columns", {"value": shown(columns)}))
    return names


def _records(records: object, width: int) -> list[tuple[Any, ...]]:
    if isinstance(records, str) or not isinstance(records, Sequence):
        raise LabError(render("lab.table-rows", {"count": width, "value": shown(records)}))
    found = []
    for record in records:
        if isinstance(record, str) or not isinstance(record, Sequence) or len(record) != width:
            raise LabError(render("lab.table-rows", {"count": width, "value": shown(record)}))
        found.append(tuple(record))
    return found


def _cell(value: Any) -> str:
    return "" if value is None else str(value)


def _is_number(value: Any) -> bool:
    return value is None or (isinstance(value, int | float) and not isinstance(value, bool))


def have_pandas() -> bool:
    """Whether pandas can be imported here (not in the classroom site's browser Python)."""
    try:
        import pandas  # noqa: F401
    except ImportError:
        return False
    return True


def table_of(columns: Sequence[str], records: Sequence[Sequence[Any]]) -> Any:
    """A DataFrame of ``records`` where pandas is installed, else a :class:`Table`."""
    if not have_pandas():
        return Table(columns, records)
    import pandas as pd

    return pd.DataFrame.from_records(list(records), columns=list(columns))


def column(table: Any, name: str) -> list[Any]:
    """One column of a DataFrame or a :class:`Table` as a list of plain Python values, a
    missing value (pandas' ``NA``) as ``None``."""
    if isinstance(table, Table):
        return table[name]
    if not _is_data_frame(table):
        raise LabError(render("lab.not-a-table", {"value": shown(table)}))
    if name not in table.columns:
        words = {"value": shown(name), "columns": ", ".join(map(str, table.columns))}
        raise LabError(render("lab.column", words))
    return [None if _missing(v) else v for v in table[name].tolist()]


def _is_data_frame(table: object) -> bool:
    # Recognised without importing pandas, which may be missing.
    kind = type(table)
    return kind.__name__ == "DataFrame" and kind.__module__.startswith("pandas")


def rows(table: Any) -> list[dict[str, Any]]:
    """Every row of ``sim.players``, ``sim.games`` or any table the lab gives, as a dict of
    plain Python values — the same in JupyterLab and in the classroom site."""
    if isinstance(table, Table):
        return list(table)
    if not _is_data_frame(table):
        raise LabError(render("lab.not-a-table", {"value": shown(table)}))
    names = [str(name) for name in table.columns]
    values = [column(table, name) for name in names]
    return [dict(zip(names, record, strict=True)) for record in zip(*values, strict=True)]


def _missing(value: Any) -> bool:
    # pandas' NA (a missing turn in an Int64 column) and NaN are missing, as None is; NA is
    # recognised by its type's name, since comparing it gives NA again, not a truth value.
    if value is None or type(value).__name__ == "NAType":
        return True
    return isinstance(value, float) and value != value


def as_columns(data: Mapping[str, Sequence[Any]]) -> Any:
    """A table (DataFrame or :class:`Table`) of the named columns, all of one length."""
    names = list(data)
    return table_of(names, list(zip(*(data[name] for name in names), strict=True)))
