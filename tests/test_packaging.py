"""Packaging: one version, the resources inside the wheel, the card database the bundle carries. No Qt."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_one_version_from_pyproject(capsys):
    import vtes_desktop
    from vtes_desktop.cli import main

    assert vtes_desktop.__version__ == PYPROJECT["project"]["version"]
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"vtes-desktop {PYPROJECT['project']['version']}"
    # no second hand-written copy in the package
    init = (ROOT / "vtes_desktop" / "__init__.py").read_text(encoding="utf-8")
    assert PYPROJECT["project"]["version"] not in init


def test_version_falls_back_to_the_package_metadata(tmp_path, monkeypatch):
    """Installed (no pyproject.toml beside the package), the version comes from the metadata."""
    import importlib.metadata

    import vtes_desktop

    monkeypatch.setattr(vtes_desktop, "__file__", str(tmp_path / "site" / "vtes_desktop" / "__init__.py"))
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "9.8.7" if name == "vtes-desktop" else "?")
    assert vtes_desktop._read_version() == "9.8.7"

    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert vtes_desktop._read_version() == vtes_desktop.UNKNOWN_VERSION


def _copy_sources(dst: Path) -> Path:
    src = dst / "src"
    src.mkdir(parents=True)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "data")
    shutil.copytree(ROOT / "vtes_desktop", src / "vtes_desktop", ignore=ignore)
    shutil.copytree(ROOT / "resources", src / "resources", ignore=shutil.ignore_patterns("__pycache__"))
    return src


@pytest.fixture(scope="module")
def built_lib(tmp_path_factory) -> Path:
    """What setuptools puts in the wheel: `setup.py build_py` of a copy of the sources."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = _copy_sources(tmp)
    out = tmp / "lib"
    r = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(out)], cwd=src,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return out


def test_the_wheel_carries_every_resource(built_lib):
    res = built_lib / "vtes_desktop" / "resources"
    for needed in ("themes/dark.json", "themes/light.json", "icons/vtes-desktop.svg", "lessons/README.md"):
        assert (res / needed).is_file(), needed
    shipped = {p.relative_to(res) for p in res.rglob("*") if p.is_file()}
    ours = {p.relative_to(ROOT / "resources") for p in (ROOT / "resources").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}
    assert ours <= shipped, sorted(map(str, ours - shipped))
    assert (built_lib / "vtes_desktop" / "cli.py").is_file()
    assert (built_lib / "vtes_desktop" / "ui" / "table").is_dir()   # the namespace package too
    assert not (built_lib / "resources").exists()


@pytest.mark.qt
def test_installed_code_finds_the_resources_inside_the_package(built_lib):
    pytest.importorskip("PySide6")
    code = "from vtes_desktop.ui.theme import resources_dir; print(resources_dir())"
    # run from the built folder: it comes first on the path, before the editable install's finder
    env = {**os.environ, "PYTHONPATH": str(built_lib), "QT_QPA_PLATFORM": "offscreen"}
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60,
                       cwd=built_lib)
    assert r.returncode == 0, r.stderr[-2000:]
    assert Path(r.stdout.strip()) == built_lib / "vtes_desktop" / "resources"


@pytest.mark.qt
def test_the_checkout_finds_its_top_level_resources():
    pytest.importorskip("PySide6")
    from vtes_desktop.ui.theme import resources_dir

    assert resources_dir() == ROOT / "resources"


def test_bundled_card_database_loads_without_krcg(tmp_path, monkeypatch, db):
    from vtes_desktop.cards import db as dbmod
    from vtes_desktop.cards.build_bundle import build_bundle, main

    summary = build_bundle(tmp_path / "data")
    assert summary["key"].startswith("krcg-4.19+")
    assert summary["cards"] == len(db) and summary["rulings"] > 1000
    monkeypatch.setattr(dbmod, "BUNDLED_DB", tmp_path / "data" / "carddb.json")
    monkeypatch.setattr(dbmod, "_source", lambda: ("bundled database", None))
    bundled = dbmod.load_db()
    assert bundled.info.source == "bundled database" and bundled.info.key == summary["key"]
    assert not bundled.info.built
    assert len(bundled) == len(db)
    card = bundled["Bonding"]
    assert card == db["Bonding"]
    assert [r.text for r in bundled.rulings(card)] == [r.text for r in db.rulings(db["Bonding"])]
    assert main([]) == 2


def test_packaging_files_agree():
    """The spec, the desktop file and the metainfo name the same app; the build script is executable."""
    pk = ROOT / "packaging"
    app_id = "io.github.vtes_desktop.VTESDesktop"
    desktop = (pk / "linux" / f"{app_id}.desktop").read_text(encoding="utf-8")
    assert "Exec=vtes-desktop" in desktop and "Icon=vtes-desktop" in desktop
    meta = (pk / "linux" / f"{app_id}.metainfo.xml").read_text(encoding="utf-8")
    assert f"<id>{app_id}</id>" in meta and f"{app_id}.desktop" in meta and "@VERSION@" in meta
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert (pk / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "vtes-desktop.png").is_file()
    assert (pk / "icons" / "vtes-desktop.ico").read_bytes()[:4] == b"\0\0\1\0"
    assert (pk / "icons" / "vtes-desktop.icns").read_bytes()[:4] == b"icns"
    assert os.access(pk / "build.sh", os.X_OK)
    spec = (pk / "vtes-desktop.spec").read_text(encoding="utf-8")
    assert '"krcg"' in spec and "copy_metadata" in spec
