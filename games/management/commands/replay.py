"""`manage.py replay FILE...`: check `barkside-record/1` records against the rules."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from games.engine import RecordError, from_record


def check(text: str) -> dict:
    """One record's verdict as the JSON object `replay --jsonl` prints."""
    try:
        record = json.loads(text)
    except ValueError as e:
        return {"valid": False, "error": _malformed(f"not JSON: {e}")}
    if not isinstance(record, dict):
        return {"valid": False, "error": _malformed("a record is a JSON object")}
    try:
        state = from_record(record)
    except RecordError as e:
        return {"valid": False, "error": e.as_dict()}
    return {"valid": True, "result": state["result"]}


def _malformed(detail: str) -> dict:
    return {"code": "malformed", "round": None, "move": None, "detail": detail}


class Command(BaseCommand):
    help = "Validate game records (FILE '-' reads stdin). Exit 1 if any is invalid."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")
        parser.add_argument(
            "--jsonl", action="store_true", help="one record per line; one JSON verdict per line"
        )

    def handle(self, *args, files, jsonl, **options):
        all_valid = True
        for name in files:
            text = self._read(name)
            if jsonl:
                for line in text.splitlines():
                    verdict = check(line)
                    all_valid &= verdict["valid"]
                    self.stdout.write(json.dumps(verdict, separators=(",", ":")))
            else:
                verdict = check(text)
                all_valid &= verdict["valid"]
                self.stdout.write(f"{name}: {_describe(verdict)}")
        if not all_valid:
            sys.exit(1)

    def _read(self, name: str) -> str:
        if name == "-":
            return sys.stdin.read()
        try:
            with open(name, encoding="utf-8") as f:
                return f.read()
        except OSError as e:
            raise CommandError(f"cannot read {name}: {e}") from e


def _describe(verdict: dict) -> str:
    if verdict["valid"]:
        result = verdict["result"]
        if result is None:
            return "valid (game still running)"
        return f"valid ({result['reason']}, losers {result['losers']}, winners {result['winners']})"
    e = verdict["error"]
    where = "".join(
        f" {label} {e[key]}"
        for label, key in (("round", "round"), ("move", "move"))
        if e[key] is not None
    )
    return f"INVALID {e['code']}{where}: {e['detail']}"
