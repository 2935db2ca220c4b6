"""A JSON parser that answers hostile bodies with a 400, never a 500."""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:  # deeply nested arrays/objects exhaust the stack
            raise ParseError("JSON nested too deeply") from None
