"""The API's JSON renderer: DRF's, able to answer any text a request may carry.

Refusals quote the client's input ("\\"x\\" is not a valid choice.", unknown field names).
JSON may carry a lone surrogate (`"\\ud800"`), which Python decodes but UTF-8 can't
encode, so DRF's renderer (raw UTF-8 output) would fail with a 500. Such an answer is
written with `\\u` escapes instead: still the same JSON.
"""

from rest_framework import renderers


class RenderedJSON(str):
    """JSON text already rendered as the API renders it (a move's reply, rendered once
    for the mover, the broadcast and the move's stored answer): sent as it is."""


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, RenderedJSON):
            return data.encode()
        try:
            return super().render(data, accepted_media_type, renderer_context)
        except UnicodeEncodeError:
            self.ensure_ascii = True  # this instance renders this one response
            return super().render(data, accepted_media_type, renderer_context)
