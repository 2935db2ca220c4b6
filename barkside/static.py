"""WhiteNoise's middleware, runnable in the async middleware chain.

WhiteNoise's middleware is sync only, and under ASGI Django runs a sync middleware in a
thread, calling the async middleware within it back on the event loop: two hops there
and two back for every request, static or not. Under load each hop waits for a turn of
a loop that serves every socket of the process, and a request holds its database
connection across the hops after its view. Here the lookup of a file (a dict lookup
once WhiteNoise has indexed the files) runs on the loop, any other request goes on
without a hop, and a file found is served from a thread.
"""

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from whitenoise.middleware import WhiteNoiseMiddleware


class AsyncWhiteNoiseMiddleware(WhiteNoiseMiddleware):
    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        super().__init__(get_response)
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request):
        if self.is_async:
            return self._serve_async(request)
        return super().__call__(request)

    async def _serve_async(self, request):
        if self.autorefresh:  # DEBUG: looks at the disk for every request
            static_file = await sync_to_async(self.find_file)(request.path_info)
        else:
            static_file = self.files.get(request.path_info)
        if static_file is not None:
            return await sync_to_async(self.serve)(static_file, request)
        return await self.get_response(request)
