"""Parquet output with pyarrow, written in row groups so that memory stays bounded: at
most ``row_group_size`` records are held before they go to the file.

The file is written under a temporary name and renamed when closed, so the name given
always holds a complete Parquet file (a Parquet file is readable only once its footer is
written): Ctrl-C closes it normally; a ``kill -9`` leaves the previous file, if any,
untouched.  Parquet files cannot be appended to, so ``--resume`` copies the existing
file's row groups, one at a time, into the new one before adding pages.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

from unboiler.batch.extract import record_fields
from unboiler.batch.pages import PageResult

#: Records per row group: a thousand pages of text are a few megabytes.
ROW_GROUP_SIZE: Final = 1000
_LISTS: Final = frozenset({"categories", "tags"})


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        from unboiler.batch.sinks import SinkError

        raise SinkError("Parquet output needs pyarrow: pip install 'unboiler[batch]'") from None
    return pyarrow


def schema(output: str, with_metadata: bool) -> Any:
    """The columns of a batch's Parquet file: every one a string but the lists."""
    pa = _pyarrow()
    names = record_fields(output, with_metadata)
    return pa.schema(
        [pa.field(name, pa.list_(pa.string()) if name in _LISTS else pa.string()) for name in names]
    )


class ParquetSink:
    """Records into a Parquet file, ``row_group_size`` at a time."""

    def __init__(
        self,
        path: str | Path,
        *,
        output: str = "text",
        with_metadata: bool = False,
        resume: bool = False,
        row_group_size: int = ROW_GROUP_SIZE,
    ) -> None:
        from unboiler.batch.sinks import SinkError

        pa = _pyarrow()
        self.pa = pa
        self.path = Path(path)
        self.schema = schema(output, with_metadata)
        self.row_group_size = row_group_size
        self.rows: list[dict[str, Any]] = []
        self.done: set[str] = set()
        self.temporary = self.path.with_name(self.path.name + ".partial")
        self.writer = pa.parquet.ParquetWriter(self.temporary, self.schema)
        if resume and self.path.exists():
            try:
                existing = pa.parquet.ParquetFile(self.path)
                if not existing.schema_arrow.equals(self.schema):
                    raise SinkError(
                        f"cannot resume {self.path}: it has other columns "
                        "(another --output, --with-metadata given differently, or a file "
                        "written by an earlier version of unboiler)"
                    )
                for group in range(existing.num_row_groups):
                    table = existing.read_row_group(group)
                    self.done.update(str(value) for value in table.column("id").to_pylist())
                    self.writer.write_table(table)
            except (OSError, pa.ArrowException) as error:
                self.writer.close()
                self.temporary.unlink(missing_ok=True)
                raise SinkError(f"cannot resume {self.path}: {error}") from error

    def write(self, result: PageResult) -> None:
        self.rows.append(result.to_record())
        if len(self.rows) >= self.row_group_size:
            self.flush()

    def flush(self) -> None:
        """Write the held records as one row group."""
        if self.rows:
            table = self.pa.Table.from_pylist(self.rows, schema=self.schema)
            self.writer.write_table(table)
            self.rows = []

    def close(self) -> None:
        self.flush()
        self.writer.close()
        os.replace(self.temporary, self.path)


def read_parquet_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """The records of a Parquet output, a row group at a time."""
    pa = _pyarrow()
    file = pa.parquet.ParquetFile(path)
    for group in range(file.num_row_groups):
        yield from file.read_row_group(group).to_pylist()


__all__ = ["ROW_GROUP_SIZE", "ParquetSink", "read_parquet_records", "schema"]
