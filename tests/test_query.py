"""The card search language on the real cards: filters, ranking, errors, speed."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

import pytest

from vtes_desktop.cards.query import Query, QueryError, Term, parse, search


def ids(cards):
    return {c.id for c in cards}


def test_ventrue_with_superior_dominate_and_capacity_8_or_more(db):
    found = search(db, "clan:ventrue disc:DOM cap>=8")
    assert db["Arika"] in found  # Ventrue inner circle, capacity 11, superior Dominate
    assert all("Ventrue" in c.clans and c.discipline_level("dom") == 2 and c.capacity >= 8 for c in found)
    expected = {c.id for c in db if "Ventrue" in c.clans and c.discipline_level("dom") == 2
                and (c.capacity or 0) >= 8}
    assert ids(found) == expected


def test_lower_case_discipline_is_any_level_upper_case_superior(db):
    any_level = ids(search(db, "disc:dom type:vampire"))
    superior = ids(search(db, "disc:DOM type:vampire"))
    assert superior < any_level
    inferior_only = any_level - superior
    assert inferior_only and all(db[i].discipline_level("dom") == 1 for i in inferior_only)
    assert ids(search(db, "disc:dominate")) == ids(search(db, "disc:dom"))
    assert ids(search(db, "disc:DOMINATE crypt:yes")) == ids(search(db, "disc:DOM crypt:yes"))


def test_library_disc_is_the_required_discipline(db):
    found = search(db, "type:reaction disc:aus")
    assert db["Enhanced Senses"] in found
    assert all("Reaction" in c.types and "aus" in c.disciplines for c in found)
    # a library card requires a discipline, whatever level its text is played at
    assert ids(search(db, "type:reaction disc:AUS")) == ids(found)
    both = search(db, "disc:pot disc:pre library:yes")
    assert db["Absolute Tyranny"] in both
    assert all({"pot", "pre"} <= set(c.disciplines) for c in both)
    assert all(not c.disciplines for c in search(db, "disc:none type:combat"))


def test_title(db):
    princes = search(db, "title:prince")
    assert db["Anson"] in princes
    assert all(c.title == "prince" for c in princes if c.is_crypt)
    assert all("prince" in c.requirements for c in princes if c.is_library)
    titled = ids(search(db, "title:titled crypt:yes"))
    assert ids(princes) & titled and all(db[i].title for i in titled)
    assert not any(c.title for c in search(db, "title:none crypt:yes"))
    assert db["Nehsi"] in search(db, 'title:"2 votes"')
    assert all(c.votes >= 3 for c in search(db, "votes>=3"))


def test_negation(db):
    not_master = search(db, "-type:master")
    assert not_master and not any("Master" in c.types for c in not_master)
    assert len(not_master) == len(db) - len(search(db, "type:master"))
    assert ids(search(db, "type!=master")) == ids(not_master)
    assert db["Bonding"] not in search(db, "disc:dom -bonding")


def test_quoted_values_and_unique_clan_starts(db):
    setites = search(db, 'clan:"follower of set"')
    assert setites and all("Follower of Set" in c.clans for c in setites)
    assert ids(search(db, "clan:'Follower of Set'")) == ids(setites)
    assert ids(search(db, "clan:\u201cfollower of set\u201d")) == ids(setites)  # typographic quotes
    assert ids(search(db, "clan:follow")) == ids(setites)
    # "malk" means Malkavian, not also Malkavian antitribu
    assert all("Malkavian" in c.clans for c in search(db, "clan:malk"))


def test_alternatives(db):
    either = ids(search(db, "clan:ventrue|tremere type:vampire"))
    assert either == ids(search(db, "clan:ventrue type:vampire")) | ids(search(db, "clan:tremere type:vampire"))
    assert ids(search(db, 'clan:"follower of set"|ventrue')) == (
        ids(search(db, "clan:ventrue")) | ids(search(db, 'clan:"follower of set"')))
    assert {c.capacity for c in search(db, "cap:8|9")} == {8, 9}


def test_set_by_abbreviation(db):
    v5 = search(db, "set:V5")
    assert v5 and all(any(s.split(":")[0] == "V5" for s in c.sets) for c in v5)
    assert ids(search(db, "set:v5")) == ids(v5)
    v5a_only = [c for c in search(db, "set:V5A") if c not in v5]
    assert v5a_only  # V5A is its own set, not a part of V5
    assert db["Bonding"] in search(db, "set:jyhad")
    assert all(any(s.startswith("Promo") for s in c.sets) for c in search(db, "set:promo"))


def test_banned(db):
    banned = search(db, "banned:yes")
    assert banned and all(c.banned for c in banned)
    assert len(search(db, "banned:no")) == len(db) - len(banned)


def test_capacity_comparisons(db):
    crypt = [c for c in db if c.capacity is not None]
    for op, check in ((":", lambda x: x == 8), ("=", lambda x: x == 8), (">=", lambda x: x >= 8),
                      ("<=", lambda x: x <= 8), (">", lambda x: x > 8), ("<", lambda x: x < 8)):
        assert ids(search(db, f"cap{op}8")) == {c.id for c in crypt if check(c.capacity)}, op
    assert ids(search(db, "capacity>=10")) == ids(search(db, "cap>=10"))


def test_group_sect_crypt_library_adv(db):
    assert {c.group for c in search(db, "group:2")} == {"2"}
    assert {c.group for c in search(db, "group>=6")} == {"6", "7"}
    assert {c.group for c in search(db, "group:any")} == {"ANY"}
    sabbat = search(db, "sect:sabbat")
    assert all(c.sect == "Sabbat" for c in sabbat if c.is_crypt)
    assert db["Abbot"] in sabbat  # a library card that requires a Sabbat vampire
    assert all(c.is_crypt for c in search(db, "crypt:yes")) and all(c.is_library for c in search(db, "library:yes"))
    assert ids(search(db, "type:crypt")) == ids(search(db, "crypt:yes"))
    assert db["Theo Bell (ADV)"] in search(db, "adv:yes theo") and db["Theo Bell"] not in search(db, "adv:yes theo")


def test_types_and_aliases(db):
    mods = ids(search(db, "type:modifier"))
    assert mods == ids(search(db, 'type:"action modifier"')) and db["Bonding"].id in mods
    assert ids(search(db, "type:political")) == ids(search(db, 'type:"political action"'))
    assert db["Ancilla Empowerment"] in search(db, "type:political")
    actions = search(db, "type:action")
    assert all("Action" in c.types for c in actions)  # not Action Modifier nor Political Action alone
    assert ids(search(db, "type:reactions")) == ids(search(db, "type:reaction"))


def test_costs(db):
    free = search(db, "cost:0")
    assert free and all(c.is_library and not (c.pool_cost or c.blood_cost or c.conviction_cost) for c in free)
    assert db[".44 Magnum"] in search(db, "pool:2 type:equipment")
    assert all(c.pool_cost and int(c.pool_cost) >= 4 for c in search(db, "pool>=4"))
    assert all("X" in (c.pool_cost, c.blood_cost, c.conviction_cost) for c in search(db, "cost:x"))
    assert all(c.blood_cost == "1" for c in search(db, "blood:1"))
    conviction = search(db, "conviction:1")
    assert conviction and all(c.conviction_cost == "1" for c in conviction)


def test_free_text_names_first(db):
    assert search(db, "bonding")[0] == db["Bonding"]
    theo = search(db, "theo bell")
    assert [c.display for c in theo[:3]] == ["Theo Bell", "Theo Bell (ADV)", "Theo Bell (G6)"]
    doll = search(db, "blood doll")
    assert doll[0] == db["Blood Doll"]
    # every word must appear in the name or the text
    assert all(all(w in (c.display + " " + c.text).lower() for w in ("blood", "doll")) for c in doll)
    assert search(db, "sebastien goulet")[0].name == "Sébastien Goulet"
    assert search(db, "dowager")[0] == db["The Dowager"]
    assert db["Enhanced Senses"] in search(db, '"+2 intercept"')
    # names starting with the word, then names holding it, then cards found by their text
    haven = search(db, "haven")
    named = [c for c in haven if "haven" in c.display.lower()]
    assert haven[: len(named)] == named and len(haven) > len(named)
    starting = [c for c in named if c.display.lower().startswith("haven")]
    assert starting and named[: len(starting)] == starting


def test_a_colon_ending_a_word_is_text(db):
    assert search(db, "praxis seizure: paris")[0] == db["Praxis Seizure: Paris"]
    with pytest.raises(QueryError, match="unknown field 'seizure'"):
        search(db, "seizure:paris")


def test_terms_built_by_hand_are_checked_and_match(db):
    q = Query((Term("clan", ":", ("ventrue",)), Term("cap", ">=", ("8",)), Term(None, ":", ("arika",))))
    assert search(db, q) == [db["Arika"]] and q.matches(db["Arika"])
    assert str(q) == "clan:ventrue cap>=8 arika"
    with pytest.raises(QueryError, match="cap takes a number"):
        Term("cap", ">=", ("x",))


def test_name_and_text_fields(db):
    assert all("bell" in c.display.lower() for c in search(db, "name:bell"))
    assert all("+1 intercept" in c.text.lower() for c in search(db, 'text:"+1 intercept"'))
    assert db["Enhanced Senses"] in search(db, 'text:"+1 intercept" name:senses')
    assert db["Absolute Tyranny"] in search(db, 'path:"inner voice"')
    assert db["Abbot"] in search(db, "req:sabbat")


def test_limit_and_query_objects(db):
    assert len(search(db, "type:vampire", limit=5)) == 5
    q = parse("clan:ventrue disc:DOM cap>=8")
    assert search(db, q) == search(db, "clan:ventrue disc:DOM cap>=8")
    for card in db.crypt[:300]:
        assert q.matches(card) == (card in search(db, q))


def test_parse_gives_typed_terms_that_print_back():
    q = parse('clan:"follower of set" -type:master cap>=8 disc:dom|OBF "blood doll" banned:no')
    assert [(t.field, t.op, t.values, t.negate) for t in q.terms] == [
        ("clan", ":", ("follower of set",), False), ("type", ":", ("master",), True),
        ("cap", ">=", ("8",), False), ("disc", ":", ("dom", "OBF"), False),
        (None, ":", ("blood doll",), False), ("banned", ":", ("no",), False)]
    assert str(q) == 'clan:"follower of set" -type:master cap>=8 disc:dom|OBF "blood doll" banned:no'
    assert parse(str(q)) == q
    assert q.describe()[1:4] == ["not type master", "capacity >= 8", "discipline Dominate or superior Obfuscate"]
    assert q.terms[2].start == q.source.index("cap>=8")
    assert parse("capacity=8 discipline:dom") == parse("cap:8 disc:dom")
    assert not parse("   ") and isinstance(parse(""), Query)


@pytest.mark.parametrize("text, message, token", [
    ("clam:ventrue", "unknown field 'clam' in 'clam:ventrue' (did you mean clan?)", "clam:ventrue"),
    ("type:reaction cap>=x", "cap takes a number", "cap>=x"),
    ("clan>=3", "clan cannot be compared with '>='", "clan>=3"),
    ("disc:xyz", "unknown discipline 'xyz'", "disc:xyz"),
    ("type:reacton", "did you mean reaction?", "type:reacton"),
    ("banned:maybe", "banned takes yes or no", "banned:maybe"),
    ('name:"the dowager', "unclosed quote", 'name:"the dowager'),
    ("cap:", "needs a value", "cap:"),
    ("clan:ventrue|", "needs a value between the | alternatives", "clan:ventrue|"),
    ("sect:sabat", "did you mean sabbat?", "sect:sabat"),
    ("title:princ", "did you mean prince?", "title:princ"),
    ("cap:8|9 cap>=8|9", "alternatives (|) only go with cap:", "cap>=8|9"),
])
def test_errors_name_the_token(db, text, message, token):
    with pytest.raises(QueryError) as e:
        search(db, text)
    assert message in str(e.value)
    assert e.value.token == token and text[e.value.position:].startswith(token)


def test_clan_and_set_are_checked_against_the_cards(db):
    with pytest.raises(QueryError, match="unknown clan 'ventru x'"):
        search(db, 'clan:"ventru x"')
    with pytest.raises(QueryError, match="unknown set 'V6'.*did you mean V5"):
        search(db, "set:V6")
    assert parse("clan:nosuch").terms[0].values == ("nosuch",)  # without a db, taken as written


def test_a_typical_query_is_fast(db):
    search(db, "x")  # the per-card records are built once per database
    times = []
    for _ in range(7):
        t = time.perf_counter()
        search(db, "clan:ventrue disc:DOM cap>=8")
        search(db, "type:reaction disc:aus")
        times.append((time.perf_counter() - t) / 2)
    assert statistics.median(times) < 0.020


def test_no_qt_and_no_krcg():
    code = ("import sys, json; import vtes_desktop.cards.query, vtes_desktop.cards.clitools; "
            "from vtes_desktop.cards import load_db; from vtes_desktop.cards.query import search; "
            "search(load_db(), 'clan:ventrue'); "
            "print(json.dumps([m for m in ('krcg', 'PySide6') if m in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ), capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []
