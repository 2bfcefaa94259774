"""The library family: every reading it gives over the card list has engine code behind it
(engine/effects_library.py), and what it claims never belongs to another family."""

from vtes_desktop.cards.db import load_db
from vtes_desktop.cards.grammar.auto_library import claims, reading
from vtes_desktop.engine import effects_library

from support import check_family


def test_every_reading_has_a_handler_and_every_claimed_clause_is_this_familys_alone():
    check_family(reading, claims, effects_library.HANDLED, "auto_library")


def _played(name: str, upto: int | None = None):
    """The game after every step (or the first *upto* steps) of scenario *name* (tests/scenarios)."""
    from support import ROOT
    from vtes_desktop.scenario.loader import load
    from vtes_desktop.scenario.runner import build_game, to_command

    db = load_db()
    sc = load(ROOT / "tests" / "scenarios" / name, db)
    game = build_game(sc, db)
    for step in sc.steps[:upto]:
        if step.expect_error is None:   # a refused step changes nothing
            game.apply(to_command(step, sc.players.index(step.by), sc.players))
    return game


def test_a_look_is_shown_to_the_looker_alone():
    game = _played("1863-glare-of-lies-and-patterns-look-at-hand.yaml")
    ann, ben = game.log_lines(0), game.log_lines(1)
    assert "Ben looks at Ann's hand (Glare of Lies): Patterns in the Chaos, Dodge." in ben
    assert "Ben looks at Ann's hand (Glare of Lies)." in ann
    assert "Ann looks at Ben's hand (Patterns in the Chaos): Deflection, Deflection." in ann
    assert not any("Patterns in the Chaos, Dodge" in x for x in ann if "Glare" in x)
    assert "Ann looks at Ben's hand (Patterns in the Chaos)." in ben


def test_a_library_look_leaves_the_library_as_it_was():
    game = _played("1862-patterns-and-scrying-look-at-library.yaml")
    assert ("Ann looks at the top 7 cards of Ben's library (Scrying of Secrets), top first: Deflection, Dodge."
            in game.log_lines(0))
    assert "Ann looks at the top card of Ben's library (Patterns in the Chaos)." in game.log_lines(1)
    lib = game.state.region(1, "library")
    assert [game.db[game.state.cards[i].cid].name for i in lib] == ["Deflection", "Dodge"]


def test_the_marrakesh_codex_puts_the_top_cards_back_in_the_order_named():
    game = _played("1866-spirit-summoning-chamber-and-marrakesh-codex.yaml", upto=1)
    lib = game.state.region(0, "library")
    assert [game.db[game.state.cards[i].cid].name for i in lib] == [
        "Freakish Conglomeration", "Deflection", "Blood Rage", "Apportation", "Dodge"]
    assert any("puts them back in an order of their choice" in x for x in game.log_lines(1))


def test_kaymakli_nightmares_deals_back_as_many_crypt_cards_as_went_in():
    game = _played("1879-kaymakli-nightmares-reshuffles-uncontrolled.yaml")
    st = game.state
    assert [st.cards[i].counters for i in st.region(0, "uncontrolled")] == [0, 0]
    assert (len(st.region(0, "crypt")), len(st.region(1, "uncontrolled")), len(st.region(1, "crypt"))) == (1, 1, 2)


def test_nosferatu_hosting_shows_the_uncontrolled_card_to_its_player_alone():
    game = _played("1883-secret-library-hosting-and-unity.yaml", upto=3)
    assert "Ann looks at a card of Ben's uncontrolled region (Nosferatu Hosting): Claudia." in game.log_lines(0)
    assert not any("Claudia" in x for x in game.log_lines(1))
    assert game.state.mpa == 0


def test_static_virtue_shuffles_the_library_as_the_master_phase_ends():
    game = _played("1897-static-virtue-shuffles-after-the-master-phase.yaml", upto=1)
    assert not any("shuffles their library" in x for x in game.log_lines(0))
    game = _played("1897-static-virtue-shuffles-after-the-master-phase.yaml")
    assert "Ann shuffles their library (Static Virtue)." in game.log_lines(1)
