"""Nothing outside ui/ imports Qt; the Qt-free run really has no PySide6."""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import subprocess
import sys

import pytest

import vtes_desktop

QT_FREE = ["vtes_desktop.cards", "vtes_desktop.decks", "vtes_desktop.engine", "vtes_desktop.scenario",
           "vtes_desktop.net"]


def test_qt_free_packages_import_without_qt():
    """Import every module of the Qt-free packages in a fresh process and check no Qt module got loaded."""
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkgs = {QT_FREE!r}\n"
        "for name in pkgs:\n"
        "    mod = importlib.import_module(name)\n"
        "    for m in pkgutil.walk_packages(mod.__path__, name + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'PyQt', 'vtes_desktop.ui'))]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_cli_imports_no_qt_for_headless_commands():
    code = "import sys, vtes_desktop.cli; print([m for m in sys.modules if m.startswith('PySide6')])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.skipif(not os.environ.get("VTES_HEADLESS"), reason="only in the Qt-free CI run")
def test_this_run_has_no_pyside6():
    assert importlib.util.find_spec("PySide6") is None
