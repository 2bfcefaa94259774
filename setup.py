"""Packaging glue that pyproject.toml cannot say: the top-level `resources/`
folder (themes, icons, lessons) ships inside the package as
`vtes_desktop/resources`, so an installed wheel finds it beside the code
(see `vtes_desktop.ui.theme.resources_dir`). Everything else (metadata,
dependencies, package data) is in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

RESOURCES = "vtes_desktop.resources"

setup(
    packages=find_namespace_packages(include=["vtes_desktop", "vtes_desktop.*"],
                                     exclude=["*.__pycache__", RESOURCES, RESOURCES + ".*"])
    # the resource folders are data, listed as packages only so that setuptools maps them
    + [RESOURCES] + [f"{RESOURCES}.{p}" for p in find_namespace_packages(where="resources")],
    package_dir={RESOURCES: "resources"},
)
