"""The window side of LAN play: a network GameSession, the Host and Join dialogs, the lobby."""
