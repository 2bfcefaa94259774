"""The current position of a game as a scenario file (shared/spec/scenario-format.md).

The table's File > Export position and the command line use it. The host side writes it (a local session owns the game): every seat with
its pool and regions, card entries with blood, life or counters, locked,
attached cards (equipment, retainers, other cards), the title and sect
overrides, wounded; the turn and the Edge; libraries and crypts in order,
top first, and hands, so the position replays exactly. No steps: the file
is a starting position. Victory points, contested cards and the cards
on the table that are not minions use this project's extensions of the
format; what it cannot say (a card face down, a card set aside mid-action, an
ousted seat) is written as a comment.

No Qt here. It reads the game state because exporting a position is the
host's business, like saving; the scenario loader reads what it writes.
"""

from __future__ import annotations

import json
from pathlib import Path

from vtes_desktop.engine.state import REGIONS

#: the regions written, in this order (`in_play`, the master cards and events on the table, is this project's
#: extension of the format, like `vp` and `contested`: docs/scenario-extensions.md)
WRITTEN = ("uncontrolled", "ready", "torpor", "incapacitated", "in_play", "hand", "ash_heap", "removed", "library",
           "crypt")


def _q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def card_entry(game, iid: int, notes: list[str]) -> str:
    st = game.state
    c = st.cards[iid]
    d = game.db[c.cid]
    fields = [f"card: {_q(d.display)}"]
    kind = "blood" if "Vampire" in d.types else ("life" if ({"Ally", "Retainer", "Imbued"} & set(d.types))
                                                   else "counters")
    if c.region in ("ready", "torpor", "incapacitated", "uncontrolled", "attached", "in_play") and \
            (c.counters or kind in ("blood", "life")):
        fields.append(f"{kind}: {c.counters}")
    if c.locked:
        fields.append("locked: true")
    if c.wounded:
        fields.append("wounded: true")
    if c.title is not None:
        fields.append(f"title: {_q(c.title)}")
    if c.sect is not None:
        fields.append(f"sect: {_q(c.sect)}")
    groups: dict[str, list[str]] = {"equipment": [], "retainers": [], "cards": []}
    for a in st.attached.get(iid, ()):
        ad = game.db[st.cards[a].cid]
        key = "equipment" if "Equipment" in ad.types else "retainers" if "Retainer" in ad.types else "cards"
        groups[key].append(card_entry(game, a, notes))
    for key, lst in groups.items():
        if lst:
            fields.append(f"{key}: [{', '.join(lst)}]")
    if c.face_down and not c.contested:           # a contested card is face down by the rules
        notes.append(f"{d.display} is face down")
    if c.contested:
        fields.append("contested: true")
    return "{" + ", ".join(fields) + "}"


def export_position(game, path: str | Path, *, title: str | None = None) -> Path:
    """Write the game's current position to *path* as a scenario file; returns the path."""
    text = position_text(game, title=title)
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path


def position_text(game, *, title: str | None = None) -> str:
    """The game's current position as the text of a scenario file."""
    st = game.state
    names = [s.name for s in st.seats]
    notes: list[str] = []
    out = [f"title: {_q(title or 'Position exported from vtes-desktop')}",
           f"source: {_q(f'vtes-desktop, turn {st.turn}, {names[st.active]} {st.phase} phase')}",
           f"seed: {game.seed}",
           "table:"]
    for seat, s in enumerate(st.seats):
        out.append(f"  - player: {_q(s.name)}")
        out.append(f"    pool: {s.pool}")
        if s.vp:
            out.append(f"    vp: {s.vp:g}")
        for region in WRITTEN:
            ids = st.region(seat, region)
            if not ids:
                continue
            out.append(f"    {region}:")
            for iid in ids:
                out.append(f"      - {card_entry(game, iid, notes)}")
        if s.ousted:
            notes.append(f"{s.name} is ousted")
    for region in set(REGIONS) - set(WRITTEN):
        for (seat, r), ids in st.regions.items():
            if r == region and ids:
                notes.append(f"{len(ids)} card(s) of {names[seat]} in {region.replace('_', ' ')}")
    out.append(f"turn: {{player: {_q(names[st.active])}, phase: {st.phase}, number: {st.turn}}}")
    if st.edge is not None:
        out.append(f"edge: {_q(names[st.edge])}")
    if st.frames:
        notes.append("an action, combat or referendum was under way; the position starts before it")
    out.append("steps: []")
    text = "\n".join(out) + "\n"
    if notes:
        text = "".join(f"# not in the format: {n}\n" for n in notes) + text
    return text


def main(game_file: str, output: str | None = None, *, title: str | None = None) -> int:
    """`vtes-desktop scenario export GAME [-o FILE]`: 0 when written, 2 when the saved game cannot be read."""
    import sys

    from vtes_desktop.cards.db import load_db
    from vtes_desktop.engine import persist

    try:
        loaded = persist.load(game_file, load_db())
    except persist.SaveError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for p in loaded.problems:
        print(f"warning: {p}", file=sys.stderr)
    if output:
        export_position(loaded.game, output, title=title)
        print(f"wrote {output}")
    else:
        sys.stdout.write(position_text(loaded.game, title=title))
    return 0
