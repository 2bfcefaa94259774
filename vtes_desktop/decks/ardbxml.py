"""Read an ARDB XML deck, as ARDB (Anarch Revolt Deck Builder) and Sutekh write it.

    <deck generator="..." formatVersion="..." databaseVersion="...">
      <name>..</name> <author>..</author> <description>..</description>
      <crypt size="12" min=".." max=".." avg="..">
        <vampire databaseID="19" count="2">
          <adv>(ADV)</adv> <name>Alan Sovereign</name> <set>..</set>
          <disciplines>..</disciplines> <clan>..</clan> <capacity>6</capacity> <group>3</group> ...
        </vampire>
      </crypt>
      <library size="90">
        <card databaseID="1" count="4"><name>.44 Magnum</name><set>..</set> ...</card>
      </library>
    </deck>

LackeyCCG saves decks (`.dek`) in a close layout, also read here: one `<card>`
per copy, in `<superzone name="...">` zones, the crypt in a zone named Crypt:

    <deck version="0.8"><meta><game>vtes</game></meta>
      <superzone name="Deck"><card><name id="...">Blood Doll</name><set>..</set></card>...</superzone>
      <superzone name="Crypt"><card><name id="...">Anson</name><set>..</set></card>...</superzone>
    </deck>

`<adv>` is empty, `(ADV)`, `(Advanced)` or `Advanced` depending on the writer;
names carry their article at the end (`Path of Blood, The`). `databaseID` is
ARDB's own id, not VEKN's, so cards are found by name (and `<group>`). An ARDB
*inventory* (`<inventory>`, with `have=` counts) is refused: it is a
collection, not a deck. Expat reports line numbers, so unknown cards point at
the line of their `<vampire>` or `<card>` element.
"""

from __future__ import annotations

from xml.parsers import expat

from vtes_desktop.decks.model import Deck, DeckError, Format, LineNote, UnknownLine
from vtes_desktop.decks.resolve import Resolver

_FIELDS = {"name", "adv", "group", "author", "description"}


class _Entry:
    __slots__ = ("kind", "line", "count", "fields")

    def __init__(self, kind: str, line: int, count: int):
        self.kind = kind
        self.line = line
        self.count = count
        self.fields: dict[str, str] = {}


def looks_like_xml(text: str) -> bool:
    head = text.lstrip()[:200].lower()
    return head.startswith("<?xml") or head.startswith("<deck") or head.startswith("<inventory")


def parse(data: str, resolver: Resolver, *, encoding: str = "utf-8",
          notes: list[LineNote] | None = None) -> Deck:
    """Read ARDB XML from the decoded text *data*."""
    if "<!ENTITY" in data:
        raise DeckError("the XML file declares entities; ARDB decks never do, so it is refused")
    entries: list[_Entry] = []
    meta: dict[str, str] = {}
    stack: list[str] = []
    current: list[_Entry | None] = [None]
    text_buf: list[str] = []
    root: list[str] = []
    zone: list[str | None] = [None]     # the LackeyCCG superzone we are in
    p = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        if not stack:
            root.append(tag)
            if tag == "inventory":
                raise DeckError("this is an ARDB inventory (a card collection), not a deck")
            if tag != "deck":
                raise DeckError(f"the XML file's root element is <{tag}>, not an ARDB <deck>")
        stack.append(tag)
        text_buf.clear()
        if tag == "superzone":
            zone[0] = attrs.get("name", "")
        if tag in ("vampire", "card"):
            raw = attrs.get("count", attrs.get("have", "1"))
            try:
                count = int(raw)
            except ValueError:
                count = -1
            crypt = tag == "vampire" or (zone[0] is not None and "crypt" in zone[0].lower())
            current[0] = _Entry("crypt" if crypt else "library", p.CurrentLineNumber, count)

    def end(tag: str) -> None:
        value = "".join(text_buf).strip()
        text_buf.clear()
        stack.pop()
        entry = current[0]
        if tag in ("vampire", "card") and entry is not None:
            entries.append(entry)
            current[0] = None
        elif entry is not None and tag in _FIELDS:
            entry.fields[tag] = value
        elif entry is None and len(stack) == 1 and tag in _FIELDS:
            meta[tag] = value

    def chars(s: str) -> None:
        text_buf.append(s)

    p.StartElementHandler = start
    p.EndElementHandler = end
    p.CharacterDataHandler = chars
    try:
        p.Parse(data, True)   # str input: expat reads it as the decoded text, ignoring the declared encoding
    except expat.ExpatError as e:
        raise DeckError(f"the XML is malformed: {expat.errors.messages[e.code]} "
                        f"(line {e.lineno}, column {e.offset + 1})") from None
    if not root:
        raise DeckError("the XML file holds no <deck> element")

    crypt: dict[int, int] = {}
    library: dict[int, int] = {}
    unknown: list[UnknownLine] = []
    warnings = list(notes or [])
    for e in entries:
        name = e.fields.get("name", "")
        adv_text = e.fields.get("adv", "")
        adv = bool(adv_text) and adv_text.strip("() ").lower().startswith("adv")
        group = e.fields.get("group") or None
        shown = f"{name} {adv_text}".strip() if adv else name
        if e.count <= 0:
            warnings.append(LineNote(e.line, f"a <{'vampire' if e.kind == 'crypt' else 'card'}> "
                                             "without a valid count was skipped", shown))
            continue
        card = resolver.lookup(name, crypt=e.kind == "crypt", adv=adv, group=group) if name else None
        if card is None:
            unknown.append(UnknownLine(e.line, shown or "(no name)", resolver.suggest(name) if name else (),
                                       e.count, e.kind))
            continue
        target = crypt if card.is_crypt else library
        target[card.id] = target.get(card.id, 0) + e.count
    if not entries:
        raise DeckError("the ARDB XML deck lists no <vampire> or <card> element")
    return Deck(
        format=Format.LACKEY if zone[0] is not None else Format.ARDB_XML,
        crypt=crypt,
        library=library,
        name=meta.get("name") or None,
        author=meta.get("author") or None,
        description=meta.get("description") or None,
        unknown=tuple(unknown),
        warnings=tuple(warnings),
        encoding=encoding,
    )
