"""The card database: counts, real cards, lookups, the cache, no network."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap

import pytest

from vtes_desktop.cards import CardDB, UnknownCard, load_db


def test_counts(db):
    assert len(db.crypt) == 1785
    assert len(db.library) == 2364


def test_real_cards(db):
    theo = db["Theo Bell"]
    assert theo.clans == ("Brujah",) and theo.capacity == 7 and theo.group == "2"
    assert theo.discipline_level("pot") == 2 and theo.discipline_level("cel") == 1
    assert theo.discipline_level("aus") == 0
    assert theo.sect == "Camarilla"
    anson = db["Anson"]
    assert anson.title == "prince" and anson.votes == 2 and anson.sect == "Camarilla"
    bonding = db["Bonding"]
    assert bonding.types == ("Action Modifier",) and bonding.disciplines == ("dom",)
    assert "+1 stealth" in bonding.text_for_level("DOM")
    assert "+1 stealth" not in bonding.text_for_level("dom")
    assert "Only usable during a bleed action." in bonding.text_for_level("dom")
    magnum = db[".44 Magnum"]
    assert magnum.pool_cost == "2" and magnum.types == ("Equipment",)
    assert db["Ancilla Empowerment"].types == ("Political Action",)
    assert db["Abbot"].requirements == ("sabbat",)


def test_lookup_aliases_accents_articles(db):
    assert db["The Dowager"] is db["Dowager, The"] is db["dowager"]
    assert db["sebastien goulet"].name == "Sébastien Goulet"
    assert db["Raven"] is db["Camille Devereux"]  # pre-merge names
    assert db["ENHANCED SENSES"].name == "Enhanced Senses"


def test_lookup_adv_and_group(db):
    assert db["Theo Bell (ADV)"].advanced
    assert db["Theo Bell (G6)"].group == "6" and not db["Theo Bell (G6)"].advanced
    assert db["Theo Bell"].group == "2"
    assert db["Theo Bell (G2 ADV)"] is db["Theo Bell (ADV)"]
    assert db.lookup("Theo Bell (G5)") is None


def test_suggestions(db):
    with pytest.raises(UnknownCard) as e:
        db["Condtioning"]
    assert "Conditioning" in e.value.suggestions
    assert "Conditioning" in str(e.value)


def test_rulings_have_references(db):
    rulings = db.rulings(db["Bonding"])
    assert rulings and all(r.references for r in rulings)
    assert rulings[0].references[0][0].startswith(("TOM", "LSJ", "RTR"))


def test_warm_load_does_not_import_krcg_and_opens_no_socket(tmp_path):
    """Cold and warm loads in a fresh process: no krcg import, no socket."""
    code = textwrap.dedent("""
        import socket, sys, json
        opened = []
        class NoSocket(socket.socket):
            def __init__(self, *a, **k):
                opened.append(a)
                raise OSError("network use during card loading")
        socket.socket = NoSocket
        socket.create_connection = lambda *a, **k: (_ for _ in ()).throw(OSError("network"))
        from vtes_desktop.cards import load_db
        cold = load_db()
        warm = load_db()
        print(json.dumps({"cold_built": cold.info.built, "warm_built": warm.info.built,
                          "n": len(warm), "krcg": "krcg" in sys.modules, "numpy": "numpy" in sys.modules,
                          "requests": "requests" in sys.modules, "opened": len(opened)}))
    """)
    env = dict(os.environ, VTES_DESKTOP_CACHE=str(tmp_path / "cache"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    r = json.loads(out.stdout.strip().splitlines()[-1])
    assert r == {"cold_built": True, "warm_built": False, "n": 4149, "krcg": False, "numpy": False,
                 "requests": False, "opened": 0}


def test_corrupt_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("VTES_DESKTOP_CACHE", str(tmp_path))
    first = load_db()
    assert first.info.built
    with open(first.info.path, "wb") as f:
        f.write(b"{not json")
    again = load_db()
    assert again.info.built and len(again) == 4149
    assert not load_db().info.built


def test_import_vekn_rebuilds_from_a_folder(tmp_path, monkeypatch):
    from vtes_desktop.cards import db as dbmod, vekn

    src = vekn.krcg_data_dir()
    folder = tmp_path / "vekn"
    folder.mkdir()
    for name in (vekn.CRYPT_CSV, vekn.LIBRARY_CSV):
        (folder / name).write_bytes((src / name).read_bytes())
    monkeypatch.setenv("VTES_DESKTOP_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("VTES_DESKTOP_DATA", str(tmp_path / "data"))
    imported = dbmod.import_vekn(folder)
    assert imported.info.source == "imported VEKN lists" and len(imported) == 4149


def test_import_vekn_refuses_a_bad_folder(tmp_path):
    from vtes_desktop.cards import db as dbmod, vekn

    (tmp_path / vekn.CRYPT_CSV).write_text('"Id","Name"\n"1","x"\n')
    (tmp_path / vekn.LIBRARY_CSV).write_text("")
    with pytest.raises(vekn.VeknDataError, match="lacks the column"):
        dbmod.import_vekn(tmp_path)


def test_card_is_a_value(db):
    a = db["Anson"]
    with pytest.raises(AttributeError):
        a.name = "x"  # type: ignore[misc]
    assert a == db[a.id] and hash(a) == a.id
