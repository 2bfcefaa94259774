#!/usr/bin/env bash
# Build the release: the wheel and sdist, the one-folder bundle (PyInstaller) and a .tar.gz of it.
#
#   packaging/build.sh [OUTDIR]        (default OUTDIR: dist/ in the checkout)
#
# From a clean checkout, on the platform you build for (Linux here; see packaging/README.md for
# Windows and macOS). It makes its own venv (build/release-venv), builds the wheel and sdist with
# `python -m build`, installs that wheel and PyInstaller into the venv, builds the card database
# from the VEKN lists krcg ships, then the bundle. No network is needed at run time.
#
# Results in OUTDIR:
#   vtes_desktop-VERSION-py3-none-any.whl, vtes_desktop-VERSION.tar.gz   the wheel and the sdist
#   vtes-desktop/                                                       the bundle (run vtes-desktop/vtes-desktop)
#   vtes-desktop-VERSION-linux-ARCH.tar.gz                              the bundle, with share/ (desktop file,
#                                                                       AppStream metainfo, icons)
# Environment: PYTHON (default python3.11, else python3; must be 3.11), VTES_BUILD_DIR (default build/release),
# PYINSTALLER_VERSION (a pip requirement, default pyinstaller>=6.10,<7).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=$(mkdir -p "${1:-$ROOT/dist}" && cd "${1:-$ROOT/dist}" && pwd)
WORK=${VTES_BUILD_DIR:-$ROOT/build/release}
VENV=$WORK/venv
NAME=vtes-desktop
export PIP_DISABLE_PIP_VERSION_CHECK=1

say() { echo "build.sh: $*"; }
die() { echo "build.sh: $*" >&2; exit 1; }

PY=${PYTHON:-}
if [ -z "$PY" ]; then
  if command -v python3.11 >/dev/null; then PY=python3.11; else PY=python3; fi
fi
"$PY" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' \
  || die "$PY is Python $("$PY" -c 'import platform; print(platform.python_version())'); vtes-desktop needs 3.11 (set PYTHON)"

VERSION=$("$PY" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
say "vtes-desktop $VERSION"

# -- the venv, the wheel and the sdist ------------------------------------------------------------------
rm -rf "$WORK"
mkdir -p "$WORK"
"$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q build "${PYINSTALLER_VERSION:-pyinstaller>=6.10,<7}" 2>&1 | grep -v '^WARNING: Location' || true
rm -f "$OUT"/vtes_desktop-*.whl "$OUT"/vtes_desktop-*.tar.gz
say "wheel and sdist"
# build/lib in the checkout could hold stale files: the wheel is built from the sdist, in a temporary folder
"$VENV/bin/python" -m build --outdir "$OUT" . > "$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; die "python -m build failed"; }
WHEEL=$(ls "$OUT"/vtes_desktop-"$VERSION"-*.whl)
"$VENV/bin/python" -m pip install -q "$WHEEL" 2>&1 | grep -v '^WARNING: Location' || true
"$VENV/bin/vtes-desktop" --version

# -- Qt's X11 platform plugin needs these system libraries, or PyInstaller leaves them out ----------------
if [ "$(uname -s)" = Linux ]; then
  QT=$("$VENV/bin/python" -c 'import PySide6, pathlib; print(pathlib.Path(PySide6.__file__).parent / "Qt")')
  missing=$( (ldd "$QT/plugins/platforms/libqxcb.so"; ldd "$QT/lib/libQt6XcbQpa.so.6") 2>/dev/null \
             | awk '/not found/{print $1}' | sort -u)
  if [ -n "$missing" ]; then
    pkgs=""
    for so in $missing; do
      case "$so" in
        libxcb-icccm.so.4) p=libxcb-icccm4 ;;        libxcb-keysyms.so.1) p=libxcb-keysyms1 ;;
        libxcb-image.so.0) p=libxcb-image0 ;;        libxcb-render-util.so.0) p=libxcb-render-util0 ;;
        libxcb-cursor.so.0) p=libxcb-cursor0 ;;      libxkbcommon-x11.so.0) p=libxkbcommon-x11-0 ;;
        libxkbcommon.so.0) p=libxkbcommon0 ;;        libxcb-xkb.so.1) p=libxcb-xkb1 ;;
        libxcb-shape.so.0) p=libxcb-shape0 ;;        libxcb-randr.so.0) p=libxcb-randr0 ;;
        libxcb-xfixes.so.0) p=libxcb-xfixes0 ;;      libxcb-sync.so.1) p=libxcb-sync1 ;;
        libxcb-shm.so.0) p=libxcb-shm0 ;;            libxcb-render.so.0) p=libxcb-render0 ;;
        libxcb-xinput.so.0) p=libxcb-xinput0 ;;      libxcb-util.so.1) p=libxcb-util1 ;;
        libEGL.so.1) p=libegl1 ;;
        libfontconfig.so.1) p=libfontconfig1 ;;      libX11-xcb.so.1) p=libx11-xcb1 ;;
        *) p="(the package holding $so)" ;;
      esac
      pkgs="$pkgs $p"
    done
    die "Qt's X11 plugin needs libraries this machine lacks: $(echo $missing). The bundle would not start" \
        "on a desktop. Install them first, e.g. on Debian/Ubuntu: apt-get install$pkgs"
  fi
fi

# -- the card database the bundle carries (instead of krcg) -----------------------------------------------
say "card database"
"$VENV/bin/python" -m vtes_desktop.cards.build_bundle "$WORK/carddata"

# -- the bundle -------------------------------------------------------------------------------------------
say "bundle (PyInstaller)"
rm -rf "${OUT:?}/$NAME"
VTES_BUNDLE_CARDDATA="$WORK/carddata" "$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --distpath "$OUT" --workpath "$WORK/pyinstaller" packaging/vtes-desktop.spec
BUNDLE=$OUT/$NAME
[ -x "$BUNDLE/$NAME" ] || die "no executable at $BUNDLE/$NAME"
# nothing of krcg may ship: the bundle reads its own card database
if find "$BUNDLE" \( -name 'krcg*' -o -name 'numpy*' -o -name 'requests' -o -name 'arrow' -o -name vtescrypt.csv \) \
   | grep -q .; then
  die "the bundle carries krcg or its dependencies: $(find "$BUNDLE" -name 'krcg*' -o -name 'numpy*' | head -3)"
fi

# -- desktop integration files and the archive ------------------------------------------------------------
if [ "$(uname -s)" = Linux ]; then
  SHARE=$BUNDLE/share
  mkdir -p "$SHARE/applications" "$SHARE/metainfo"
  cp packaging/linux/io.github.vtes_desktop.VTESDesktop.desktop "$SHARE/applications/"
  sed -e "s/@VERSION@/$VERSION/" -e "s/@DATE@/$(date -u +%Y-%m-%d)/" \
    packaging/linux/io.github.vtes_desktop.VTESDesktop.metainfo.xml \
    > "$SHARE/metainfo/io.github.vtes_desktop.VTESDesktop.metainfo.xml"
  mkdir -p "$SHARE/icons" && cp -r packaging/icons/hicolor "$SHARE/icons/"
  cp packaging/linux/install-desktop-entry.sh "$BUNDLE/"
  ARCHIVE=$OUT/$NAME-$VERSION-linux-$(uname -m).tar.gz
  rm -f "$ARCHIVE"
  tar -C "$OUT" -czf "$ARCHIVE" "$NAME"
  say "archive $ARCHIVE ($(du -h "$ARCHIVE" | cut -f1))"
fi
say "bundle $BUNDLE ($(du -sh "$BUNDLE" | cut -f1)); wheel $(basename "$WHEEL")"
"$BUNDLE/$NAME" --version
