"""The cyclic garbage collector of a web process, set for a server that lives long.

Python's defaults (a young collection every 700 new containers, and a full one walking
every object of the process every hundred of those) spend much of a busy web process's
CPU in collections, and each full collection holds its event loop, every socket with it,
while it walks every socket's views and states (docs/performance.md, "The garbage
collector settled"). The objects of the loaded app live as long as the process: frozen,
no collection walks them again; and a move's objects, most of them gone by reference
counting before a young collection sees them, need fewer young collections.
"""

import gc
from importlib import import_module

from django.conf import settings

YOUNG = 5_000  # new containers between young collections (Python's default: 700)


def settle() -> None:
    """Once the app is loaded: freeze what it loaded, then collect young objects less often."""
    import_module(settings.ROOT_URLCONF)  # the views, serializers and schema it imports
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, 10, 10)
