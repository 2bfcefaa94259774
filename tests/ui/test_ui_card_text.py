"""Card text cut into level sections, and rulings as rich text (no Qt needed)."""

from __future__ import annotations

from vtes_desktop.cards.model import Ruling
from vtes_desktop.ui import card_text


def _color(_t: str) -> str:
    return "#123456"


def test_sections_follow_levels(db):
    secs = card_text.sections(db["Bonding"])
    assert [(s.markers, s.title) for s in secs] == [
        ((), ""), (("dom",), "Inferior Dominate"), (("DOM",), "Superior Dominate")]
    assert secs[1].lines == ["+1 bleed (limited)."]


def test_a_level_needing_two_disciplines_is_one_section(db):
    secs = card_text.sections(db["Absolute Tyranny"])
    assert secs[1].markers == ("pot", "pre")
    assert secs[1].lines == ["This vampire gets +3 votes."]
    assert secs[2].title == "Superior Potence + Superior Presence"


def test_ruling_sources_and_cards_become_links():
    r = Ruling("[DOM] Not with {Hidden Lurker}. [LSJ 19980824]", (("LSJ 19980824", "https://example.org/x"),))
    h = card_text.ruling_html(r, _color, "#000000")
    assert '<a href="https://example.org/x">[LSJ&nbsp;19980824]</a>' in h
    assert '<a href="card:Hidden Lurker">Hidden Lurker</a>' in h
    assert "DOM" in h and "[DOM]" not in h   # the level is drawn as a badge
    assert card_text.text_html("a < b [pre]", _color, "#000") .startswith("a &lt; b ")


def test_title_labels(db):
    assert card_text.title_label(db["Anson"]) == "Prince (2 votes)"
    assert card_text.title_label(db["Ambrogino Giovanni"]) == "1 vote"
    assert card_text.title_label(db["Theo Bell"]) == ""
