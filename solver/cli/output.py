"""Where and how a command writes its result (no click here: the fast path uses it too)."""

from __future__ import annotations

from dataclasses import dataclass

from solver.cli.exits import echo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path


@dataclass(frozen=True)
class Output:
    """Where and how a command writes its result."""

    json: bool = False
    out: Path | None = None
    quiet: bool = False

    def emit(self, doc: object, text: str) -> None:
        """Write the JSON document (``--json``) or the text, to ``--out`` or stdout."""
        if self.json:  # reports.output (json, pathlib) only when it is needed
            from reports.output import dumps  # local: start-up

            body = dumps(doc)
        else:
            body = text if text.endswith("\n") else text + "\n"
        if self.out is not None:
            from reports.output import write_atomic  # local: start-up

            write_atomic(self.out, body)
            self.note(f"wrote {self.out}")
        else:
            echo(body, nl=False)

    def note(self, message: str) -> None:
        """A side remark on stderr (suppressed by ``--quiet``)."""
        if not self.quiet:
            echo(message, err=True)
