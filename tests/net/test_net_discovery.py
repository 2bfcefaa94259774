"""Finding games with mDNS / DNS-SD, on loopback only; hosting without it."""

from __future__ import annotations

import asyncio
import sys

import pytest

from vtes_desktop.net import discovery

from .netkit import client, open_host, run


def test_a_host_announced_on_loopback_is_found(db, demo_decks, tmp_path):
    pytest.importorskip("zeroconf")

    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path, mdns=True, table_name="Friday night")
        for _ in range(100):   # registration probes the name first (about 1.5 s)
            if host.announced or (host.advertiser is not None and host.advertiser.error):
                break
            await asyncio.sleep(0.05)
        found = await asyncio.to_thread(discovery.browse, 3.0, ["127.0.0.1"], enough=1)
        error = host.advertiser.error if host.advertiser else None
        await host.close()
        return host.announced, error, found

    announced, error, found = run(scenario())
    assert announced, error
    assert [(f.name, f.address, f.seats, f.password, f.compatible) for f in found] == [
        ("Friday night", "127.0.0.1", 2, False, True)]
    assert found[0].port > 0


def test_hosting_and_joining_work_without_zeroconf(db, demo_decks, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "zeroconf", None)
    monkeypatch.setitem(sys.modules, "zeroconf.asyncio", None)
    assert not discovery.available()
    assert discovery.browse(0.1) == []

    async def scenario():
        host = await open_host(db, demo_decks[:2], tmp_path, mdns=True)
        ann = client(host, "Ann")
        await ann.connect()
        for _ in range(50):
            if host.advertiser is not None and host.advertiser.error:
                break
            await asyncio.sleep(0.01)
        out = host.announced, host.advertiser.error, ann.welcome.name
        await ann.close()
        await host.close()
        return out

    assert run(scenario()) == (False, "zeroconf is not installed", "Ann")
