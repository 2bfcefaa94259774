"""vtes-desktop: a desktop table for Vampire: The Eternal Struggle.

The version has one source, `version` in pyproject.toml. `__version__` reads
it from there in a checkout (so an editable install never shows a stale
number), else from the installed package's metadata (a wheel, or the release
bundle, which carries that metadata).
"""

from __future__ import annotations

from pathlib import Path

DIST_NAME = "vtes-desktop"
UNKNOWN_VERSION = "0+unknown"


def _read_version() -> str:
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():
        try:
            import tomllib

            project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
            if project.get("name") == DIST_NAME and isinstance(project.get("version"), str):
                return project["version"]
        except (OSError, ValueError):
            pass
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version(DIST_NAME)
    except (ImportError, PackageNotFoundError):
        return UNKNOWN_VERSION


__version__ = _read_version()
