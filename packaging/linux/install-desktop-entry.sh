#!/bin/sh
# Add VTES Desktop to your desktop's menu (for you only): a launcher in ~/.local/bin, the desktop file,
# the AppStream metainfo and the icons in ~/.local/share. Run it from the unpacked bundle folder;
# run it again after moving the folder. `--remove` takes them away again.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
BIN=$HOME/.local/bin
ID=io.github.vtes_desktop.VTESDesktop
if [ "${1:-}" = "--remove" ]; then
  rm -f "$BIN/vtes-desktop" "$DATA/applications/$ID.desktop" "$DATA/metainfo/$ID.metainfo.xml"
  find "$DATA/icons/hicolor" -name 'vtes-desktop.*' -delete 2>/dev/null || true
  echo "VTES Desktop removed from the menu"
  exit 0
fi
[ -x "$HERE/vtes-desktop" ] || { echo "run this from the vtes-desktop bundle folder" >&2; exit 1; }
mkdir -p "$BIN" "$DATA/applications" "$DATA/metainfo" "$DATA/icons"
ln -sf "$HERE/vtes-desktop" "$BIN/vtes-desktop"
sed "s|^Exec=vtes-desktop|Exec=\"$HERE/vtes-desktop\"|" "$HERE/share/applications/$ID.desktop" \
  > "$DATA/applications/$ID.desktop"
cp "$HERE/share/metainfo/$ID.metainfo.xml" "$DATA/metainfo/"
cp -r "$HERE/share/icons/hicolor" "$DATA/icons/"
command -v update-desktop-database >/dev/null && update-desktop-database "$DATA/applications" 2>/dev/null || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q "$DATA/icons/hicolor" 2>/dev/null || true
echo "VTES Desktop added to the menu; the command vtes-desktop is in $BIN"
