"""`vtes-desktop deck check FILE... [--json]`, run through the real command line."""

from __future__ import annotations

import json
from pathlib import Path

from vtes_desktop.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "decks"
KEYS = {"file", "format", "valid", "crypt_count", "library_count", "unknown", "errors", "warnings"}


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(["deck", "check", *args])
    return code, capsys.readouterr().out


def run_err(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["deck", "check", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_valid_deck_exits_0(capsys):
    code, out = run(capsys, str(FIXTURES / "twd.txt"))
    assert code == 0
    assert out.strip() == f"{FIXTURES / 'twd.txt'}: twd, crypt 12, library 76: VALID"


def test_json_report(capsys):
    code, out = run(capsys, str(FIXTURES / "twd.txt"), str(FIXTURES / "twd-quirks.txt"), "--json")
    assert code == 1
    good, bad = json.loads(out)
    assert set(good) == KEYS and set(bad) == KEYS
    assert (good["format"], good["valid"], good["crypt_count"], good["library_count"]) == ("twd", True, 12, 76)
    assert good["unknown"] == [] and good["errors"] == []
    assert bad["valid"] is False
    [u] = bad["unknown"]
    assert (u["line"], u["text"]) == (39, "2x Deflektion") and "Deflection" in u["suggestions"]
    assert any("Deflektion" in e for e in bad["errors"])
    assert any("URL" in w for w in bad["warnings"])


def test_invalid_deck_line_names_the_problem(capsys, tmp_path):
    deck = tmp_path / "big.txt"
    deck.write_text("Crypt:\n12x Anson\nLibrary:\n91x Blood Doll\n")
    code, out = run(capsys, str(deck))
    assert code == 1
    assert "INVALID" in out and "library has 91 cards; the maximum is 90" in out


def test_unreadable_files_are_entries_not_crashes(capsys, tmp_path):
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    missing = tmp_path / "missing.txt"
    code, out = run(capsys, str(binary), str(empty), str(missing), str(tmp_path), "--json")
    assert code == 1
    reports = json.loads(out)
    assert [r["file"] for r in reports] == [str(binary), str(empty), str(missing), str(tmp_path)]
    for r, word in zip(reports, ["PNG", "empty", "no such file", "folder"]):
        assert set(r) == KEYS
        assert r["valid"] is False and r["format"] is None
        assert word in r["errors"][0]


def test_text_output_one_line_per_file_and_a_summary(capsys, tmp_path):
    missing = tmp_path / "missing.txt"
    code, out, err = run_err(capsys, str(FIXTURES / "jol.txt"), str(missing))
    lines = out.strip().splitlines()
    assert code == 1
    assert len(lines) == 2
    assert lines[0].endswith(": jol, crypt 12, library 76: VALID")
    assert lines[1].startswith(f"{missing}: UNREADABLE: no such file")
    assert err.strip() == "2 decks checked: 1 valid, 1 invalid"
