"""Reading a bench's printed report in its tests."""

import re


def figure(pattern: str, report: str) -> re.Match:
    """The report's first line matching `pattern`; the whole report in the failure."""
    found = re.search(pattern, report, re.MULTILINE)
    assert found, f"no line matching {pattern!r} in:\n{report}"
    return found
