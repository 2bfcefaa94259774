"""The rules scenario runner (../shared/spec/scenario-format.md). No Qt here."""
