"""`vtes-desktop cards ...` through the real command line entry point."""

from __future__ import annotations

import json

import pytest

from vtes_desktop.cards.clitools import query_from_argv
from vtes_desktop.cards.query import search
from vtes_desktop.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["cards", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_show_prints_text_per_level_and_rulings(db, capsys):
    code, out, _ = run(capsys, "show", "Bonding")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Bonding")
    assert "Action Modifier" in out and "Requires: Dominate [dom]" in out
    common = lines.index("Only usable during a bleed action.")
    inferior = lines.index("[dom] inferior Dominate")
    superior = lines.index("[DOM] superior Dominate")
    assert common < inferior < superior  # the lines of every level come first
    assert lines[inferior + 1].strip() == "+1 bleed (limited)."
    assert "+1 stealth" in lines[superior + 1]
    assert "V5:" in out and "Banned: no" in out
    rulings = db.rulings(db["Bonding"])
    assert f"Rulings ({len(rulings)}):" in out
    for r in rulings:
        for label, url in r.references:
            assert f"{label}: {url}" in out


def test_show_a_vampire(capsys):
    code, out, _ = run(capsys, "show", "anson")
    assert code == 0
    assert "capacity 8" in out and "group 1" in out
    assert "aus dom CEL PRE" in out and "superior: Celerity, Presence" in out
    assert "Camarilla prince (2 votes)" in out
    code, out, _ = run(capsys, "show", "theo", "bell", "adv")
    assert code == 0 and out.startswith("Theo Bell (ADV)")
    assert "Other cards by this name: Theo Bell, Theo Bell (G6)" in out


def test_show_unknown_name_suggests(capsys):
    code, out, err = run(capsys, "show", "Bondng")
    assert code == 1 and not out
    assert "unknown card 'Bondng'" in err and "Bonding" in err


def test_show_json(db, capsys):
    code, out, _ = run(capsys, "show", "--json", "Bonding")
    assert code == 0
    d = json.loads(out)
    assert d["display"] == "Bonding" and d["types"] == ["Action Modifier"] and d["disciplines"] == ["dom"]
    assert [lv["markers"] for lv in d["levels"]] == [[], ["dom"], ["DOM"]]
    assert d["levels"][2]["label"] == "superior Dominate"
    assert len(d["rulings"]) == len(db.rulings(db["Bonding"]))
    assert all(ref["label"] and ref["url"].startswith("http") for r in d["rulings"] for ref in r["references"])


def test_search_lists_cards_and_a_count(db, capsys):
    code, out, _ = run(capsys, "search", "clan:ventrue", "disc:DOM", "cap>=8", "--limit", "0")
    assert code == 0
    expected = search(db, "clan:ventrue disc:DOM cap>=8")
    lines = out.splitlines()
    assert lines[-1] == f"{len(expected)} cards"
    assert [ln.split("  ")[0].strip() for ln in lines[:-1]] == [c.display for c in expected]
    assert all("Ventrue" in ln and "DOM" in ln for ln in lines[:-1])


def test_search_limit(db, capsys):
    code, out, _ = run(capsys, "search", "--limit", "3", "type:vampire")
    total = len(search(db, "type:vampire"))
    assert code == 0 and out.splitlines()[-1] == f"3 of {total} cards shown (--limit 0 shows all)"


def test_search_json(db, capsys):
    code, out, _ = run(capsys, "search", "--json", "type:reaction", "disc:aus")
    d = json.loads(out)
    assert code == 0 and d["count"] == len(search(db, "type:reaction disc:aus"))
    assert "Enhanced Senses" in [c["display"] for c in d["cards"]]
    assert d["query"] == "type:reaction disc:aus"


def test_search_keeps_values_the_shell_unquoted(db, capsys):
    # `cards search clan:"follower of set"` reaches us as one word with spaces
    code, out, _ = run(capsys, "search", "--limit", "0", "clan:follower of set", "cap>=10")
    assert code == 0
    expected = search(db, 'clan:"follower of set" cap>=10')
    assert out.splitlines()[-1] == f"{len(expected)} cards"
    code, out, _ = run(capsys, "search", "--limit", "0", "--", "clan:ventrue", "-type:vampire")
    assert code == 0 and "Vampire ·" not in out


def test_query_from_argv():
    assert query_from_argv(["clan:follower of set", "cap>=8"]) == 'clan:"follower of set" cap>=8'
    assert query_from_argv(["clan:ventrue cap>=8"]) == "clan:ventrue cap>=8"  # a whole query in one word
    assert query_from_argv(['clan:"follower of set" x']) == 'clan:"follower of set" x'
    assert query_from_argv(["blood doll"]) == "blood doll"


def test_search_errors_exit_2(capsys):
    code, out, err = run(capsys, "search", "clam:ventrue")
    assert code == 2 and not out
    assert "unknown field 'clam'" in err and "did you mean clan?" in err
    code, _, err = run(capsys, "search", "cap>=x")
    assert code == 2 and "cap takes a number" in err


def test_search_nothing_found(capsys):
    code, out, _ = run(capsys, "search", "name:zzzqqqxx")
    assert code == 0 and out.strip() == "no card matches"


def test_info(db, capsys):
    code, out, _ = run(capsys, "info")
    assert code == 0
    assert f"{len(db)} cards ({len(db.crypt)} crypt, {len(db.library)} library)" in out
    assert db.info.source in out and "Database:" in out


@pytest.fixture
def own_data(tmp_path, monkeypatch):
    """A private user data folder (where imported VEKN lists go)."""
    monkeypatch.setenv("VTES_DESKTOP_DATA", str(tmp_path / "data"))
    return tmp_path


def test_import_vekn_refuses_a_missing_folder(own_data, db, capsys):
    code, out, err = run(capsys, "import-vekn", str(own_data / "nowhere"))
    assert code == 1 and "is not a folder" in err and "unchanged" in err


def test_import_vekn_refuses_a_folder_without_the_lists(own_data, capsys):
    (own_data / "empty").mkdir()
    code, _, err = run(capsys, "import-vekn", str(own_data / "empty"))
    assert code == 1 and "vtescrypt.csv" in err and "unchanged" in err


def test_import_vekn_refuses_wrong_columns_and_keeps_the_database(own_data, db, capsys):
    from vtes_desktop.cards import load_db, vekn

    bad = own_data / "bad"
    bad.mkdir()
    (bad / vekn.CRYPT_CSV).write_text('"Id","Name"\n"1","x"\n')
    (bad / vekn.LIBRARY_CSV).write_text('"Id","Name"\n"2","y"\n')
    code, _, err = run(capsys, "import-vekn", str(bad))
    assert code == 1 and "lacks the column" in err
    assert f"holds {len(db)} cards" in err
    after = load_db()
    assert len(after) == len(db) and after.info.source == db.info.source


def test_import_vekn_reports_the_counts(own_data, monkeypatch, capsys):
    from vtes_desktop.cards import vekn

    monkeypatch.setenv("VTES_DESKTOP_CACHE", str(own_data / "cache"))
    src = vekn.krcg_data_dir()
    folder = own_data / "vekn"
    folder.mkdir()
    for name in (vekn.CRYPT_CSV, vekn.LIBRARY_CSV, vekn.META_CSV):
        (folder / name).write_bytes((src / name).read_bytes())
    code, out, _ = run(capsys, "import-vekn", str(folder))
    assert code == 0
    assert "Imported 4149 cards (1785 crypt, 2364 library)" in out
    assert "imported VEKN lists" in out
