"""The rules tutor's window side (issue 12): the Learn screen, lessons played at the table, progress."""
