"""Build the application icons from the SVG source.

    python packaging/icons/make_icons.py [SVG] [OUTDIR]

Renders resources/icons/vtes-desktop.svg (with Qt's SVG renderer, which the
app already depends on) into the PNG sizes desktops use, then packs them into
a Windows .ico and a macOS .icns. Both containers hold PNG images and are
written here in plain Python, so no other tool is needed on any platform.
The results are committed in packaging/icons/; run this again after changing
the SVG. Needs PySide6 (the project's venv has it); runs offscreen.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SVG = ROOT / "resources" / "icons" / "vtes-desktop.svg"
NAME = "vtes-desktop"
#: PNG sizes for the freedesktop hicolor theme and the other containers.
PNG_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: icns chunk types holding PNG data, by pixel size (the @2x types reuse the larger PNG).
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
              ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512), ("ic10", 1024))


def render_pngs(svg: Path, sizes) -> dict[int, bytes]:
    """PNG bytes of *svg* rendered square at each size (antialiased, transparent background)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841 (kept alive)
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {svg} is not a valid SVG")
    out: dict[int, bytes] = {}
    for size in sizes:
        img = QImage(size, size, QImage.Format.Format_ARGB32)
        img.fill(Qt.GlobalColor.transparent)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(p)
        p.end()
        data = QByteArray()
        buf = QBuffer(data)
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        img.save(buf, "PNG")
        buf.close()
        out[size] = bytes(data)
    return out


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A .ico holding each PNG as is (PNG entries: Windows Vista and later)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s   # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A .icns of PNG chunks (macOS 10.7 and later)."""
    body = b""
    for kind, size in ICNS_TYPES:
        if size in pngs:
            body += kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    svg = Path(args[0]) if args else SVG
    out = Path(args[1]) if len(args) > 1 else HERE
    pngs = render_pngs(svg, sorted(set(PNG_SIZES) | set(ICO_SIZES) | {s for _, s in ICNS_TYPES}))
    for s in PNG_SIZES:
        d = out / "hicolor" / f"{s}x{s}" / "apps"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{NAME}.png").write_bytes(pngs[s])
    sc = out / "hicolor" / "scalable" / "apps"
    sc.mkdir(parents=True, exist_ok=True)
    (sc / f"{NAME}.svg").write_bytes(svg.read_bytes())
    (out / f"{NAME}.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (out / f"{NAME}.icns").write_bytes(icns_bytes(pngs))
    print(f"icons written to {out}: {len(PNG_SIZES)} PNG sizes, {NAME}.ico, {NAME}.icns")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
