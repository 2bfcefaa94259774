"""Two kinds of refusal, as python-chess has: malformed, and not legal here."""

from __future__ import annotations


class Refused(Exception):
    """A command the engine will not apply. `rule` names the rule; `message` is for a player."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.message!r})"


class Illegal(Refused):
    """The command means something, but the rules do not allow it now."""


class Malformed(Refused):
    """The command cannot mean anything: a missing field, an unknown card, a level it needs."""
