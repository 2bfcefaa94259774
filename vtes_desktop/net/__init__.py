"""LAN host and client protocol. No Qt here."""
