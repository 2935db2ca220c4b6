"""Draw the app icons (a dog's face) as PNGs with the standard library only.

    python frontend/tools/make_icons.py

writes frontend/app/icons/icon-192.png, icon-512.png and maskable-512.png. The PNGs are
committed; run this again only to change the drawing.
"""

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "app" / "icons"

NIGHT = (27, 21, 48)
AMBER = (255, 181, 71)
FUR = (201, 139, 79)
EAR = (122, 82, 48)
MUZZLE = (245, 225, 190)
INK = (30, 24, 36)
TONGUE = (232, 96, 110)


def png(width: int, height: int, pixels) -> bytes:
    """A truecolour PNG from rows of (r, g, b) tuples."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def in_ellipse(x, y, cx, cy, rx, ry) -> bool:
    return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1


def colour_at(x: float, y: float, maskable: bool) -> tuple:
    """The dog in unit coordinates (0..1); a maskable icon keeps it in the safe centre."""
    if maskable:
        x, y = 0.5 + (x - 0.5) / 0.72, 0.5 + (y - 0.5) / 0.72
    elif not in_ellipse(x, y, 0.5, 0.5, 0.5, 0.5):
        return NIGHT
    shapes = [
        (TONGUE, in_ellipse(x, y, 0.5, 0.75, 0.05, 0.07)),
        (INK, in_ellipse(x, y, 0.5, 0.6, 0.07, 0.05)),  # nose
        (INK, in_ellipse(x, y, 0.39, 0.46, 0.035, 0.045)),
        (INK, in_ellipse(x, y, 0.61, 0.46, 0.035, 0.045)),
        (MUZZLE, in_ellipse(x, y, 0.5, 0.65, 0.16, 0.12)),
        (FUR, in_ellipse(x, y, 0.5, 0.52, 0.26, 0.26)),
        (EAR, in_ellipse(x, y, 0.25, 0.45, 0.09, 0.2)),
        (EAR, in_ellipse(x, y, 0.75, 0.45, 0.09, 0.2)),
    ]
    for colour, inside in shapes:
        if inside:
            return colour
    return AMBER if maskable or in_ellipse(x, y, 0.5, 0.5, 0.46, 0.46) else NIGHT


def draw(size: int, maskable: bool = False) -> bytes:
    rows = [
        [colour_at((i + 0.5) / size, (j + 0.5) / size, maskable) for i in range(size)]
        for j in range(size)
    ]
    return png(size, size, rows)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon-192.png").write_bytes(draw(192))
    (ICONS / "icon-512.png").write_bytes(draw(512))
    (ICONS / "maskable-512.png").write_bytes(draw(512, maskable=True))


if __name__ == "__main__":
    main()
