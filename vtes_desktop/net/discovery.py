"""Finding games on the local network: mDNS / DNS-SD with python-zeroconf, when it is there.

Discovery is a convenience. A host whose registration fails (zeroconf not
installed, no multicast on the network) still hosts, and players still join
by `host:port`. The service type is `_vtes-desktop._tcp.local.`; the TXT record
carries the protocol and app versions, the number of seats and whether a
password is needed.

Registration and browsing use the interfaces they are given: a host bound to
loopback announces on loopback only.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from dataclasses import dataclass

from vtes_desktop.net.protocol import APP_VERSION, PROTOCOL_VERSION

SERVICE_TYPE = "_vtes-desktop._tcp.local."
LOG = logging.getLogger("vtes_desktop.net.discovery")


def available() -> bool:
    try:
        import zeroconf  # noqa: F401  (only whether it is there)
    except ImportError:
        return False
    return True


@dataclass(frozen=True)
class Found:
    """A game found on the network."""
    name: str
    address: str
    port: int
    seats: int
    password: bool
    protocol: int
    app: str

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION


def _interfaces(bind: str):
    from zeroconf import InterfaceChoice

    if bind in ("", "0.0.0.0", "::"):
        return InterfaceChoice.All
    return [bind]


def _service_name(table: str) -> str:
    base = "".join(ch for ch in table if ch.isalnum() or ch in " -_")[:40].strip() or "vtes-desktop"
    return f"{base}.{SERVICE_TYPE}"


class Advertiser:
    """Announces one host. `start` never raises: it says whether the announcement is up."""

    def __init__(self) -> None:
        self._zc = None
        self._info = None
        self.error: str | None = None

    async def start(self, *, table: str, port: int, bind: str, addresses: list[str], seats: int,
                    password: bool) -> bool:
        try:
            from zeroconf import IPVersion, ServiceInfo
            from zeroconf.asyncio import AsyncZeroconf
        except ImportError:
            self.error = "zeroconf is not installed"
            return False
        try:
            packed = [socket.inet_aton(a) for a in addresses if _is_ipv4(a)]
            self._info = ServiceInfo(
                SERVICE_TYPE, _service_name(table), addresses=packed, port=port,
                properties={"protocol": str(PROTOCOL_VERSION), "app": APP_VERSION, "seats": str(seats),
                            "password": "yes" if password else "no", "table": table[:60]},
                server=f"{socket.gethostname().split('.')[0] or 'vtes-host'}.local.",
            )
            self._zc = AsyncZeroconf(interfaces=_interfaces(bind), ip_version=IPVersion.V4Only)
            await self._zc.async_register_service(self._info, allow_name_change=True)
            return True
        except Exception as e:   # no multicast, no interface, a name clash: hosting goes on without it
            self.error = f"{type(e).__name__}: {e}"
            LOG.info("game not announced on the network: %s", self.error)
            await self.close()
            return False

    async def close(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            if self._info is not None:
                await asyncio.wait_for(zc.async_unregister_service(self._info), 3)
        except Exception:
            pass
        try:
            await asyncio.wait_for(zc.async_close(), 3)
        except Exception:
            pass


def _is_ipv4(a: str) -> bool:
    try:
        socket.inet_aton(a)
        return a.count(".") == 3
    except OSError:
        return False


def browse(timeout: float = 2.0, interfaces: list[str] | None = None, *, enough: int | None = None) -> list[Found]:
    """The games announced on the network within *timeout* seconds (blocking; [] without zeroconf).

    *interfaces*: addresses to listen on (None: every interface). *enough*: return as soon as that many
    games are found.
    """
    try:
        from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceListener, Zeroconf
    except ImportError:
        return []
    import threading

    found: dict[str, Found] = {}
    lock = threading.Lock()
    done = threading.Event()

    class Listener(ServiceListener):
        def _get(self, zc, type_, name):
            info = zc.get_service_info(type_, name, timeout=int(min(timeout, 1.5) * 1000))
            if info is None:
                return
            props = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
                     for k, v in (info.properties or {}).items()}
            addrs = info.parsed_addresses()
            if not addrs:
                return
            try:
                f = Found(name=props.get("table") or name.split(".")[0], address=addrs[0], port=int(info.port),
                          seats=int(props.get("seats", 0) or 0), password=props.get("password") == "yes",
                          protocol=int(props.get("protocol", 0) or 0), app=str(props.get("app", "")))
            except (TypeError, ValueError):
                return
            with lock:
                found[name] = f
                if enough is not None and len(found) >= enough:
                    done.set()

        def add_service(self, zc, type_, name):
            self._get(zc, type_, name)

        def update_service(self, zc, type_, name):
            self._get(zc, type_, name)

        def remove_service(self, zc, type_, name):
            with lock:
                found.pop(name, None)

    try:
        zc = Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
    except Exception as e:
        LOG.info("cannot look for games on the network: %s", e)
        return []
    try:
        ServiceBrowser(zc, SERVICE_TYPE, Listener())
        done.wait(timeout)
    finally:
        zc.close()
    with lock:
        return sorted(found.values(), key=lambda f: (f.name, f.address, f.port))
