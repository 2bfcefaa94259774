"""Qt: the window, the card browser, the card face, the deck loader.

The only package that imports PySide6. Each widget lives in its own file;
sizes and spacing live in `layout`.
"""
