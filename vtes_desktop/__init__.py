"""vtes-desktop: a desktop table for Vampire: The Eternal Struggle."""

__version__ = "0.1.0"
