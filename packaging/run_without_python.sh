#!/bin/sh
# Run a command with every Python installation on this machine hidden, to show that the bundle
# needs none: `packaging/run_without_python.sh dist/vtes-desktop/vtes-desktop --version`.
# Linux, as root: a private mount namespace (unshare -m) lays empty folders over the Python
# installations and /dev/null over the python executables; nothing changes outside it.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 COMMAND [ARG...]" >&2; exit 2; }
exec unshare -m sh -euc '
  for d in /usr/lib/python3 /usr/lib/python3.* /usr/local/lib/python3.* "$HOME/.pyenv" /opt/python* \
           /usr/local/bin/python3* /usr/bin/python3*; do
    if [ -d "$d" ]; then mount -t tmpfs none "$d"; elif [ -f "$d" ]; then mount --bind /dev/null "$d"; fi
  done
  if command -v python3 >/dev/null 2>&1 && python3 -c "" 2>/dev/null; then
    echo "run_without_python: a python3 is still usable here: $(command -v python3)" >&2; exit 1
  fi
  exec "$@"' run_without_python "$@"
