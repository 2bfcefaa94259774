"""LAN host and client protocol. No Qt here.

- `protocol`: the messages and frames (docs/protocol.md)
- `table`: the host's game and its rules for a network table
- `host`: the asyncio server, lobby and connections; `serve`: `vtes-desktop host`
- `client`: the client library; `policy`: a scripted player over it
- `wire`, `privacy`: views and legal answers on the wire, and what a seat may see
- `discovery`: mDNS / DNS-SD announcements (optional, python-zeroconf)
"""

DEFAULT_PORT = 7720
