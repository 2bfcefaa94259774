"""A small window with the explanation of a rule: what was said, the rule in our words, the cards' rulings."""

from __future__ import annotations

import html

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from vtes_desktop.ui.table.explanations import Explanation


def explanation_html(e: Explanation) -> str:
    parts = []
    if e.said:
        parts.append(f"<p><i>{html.escape(e.said)}</i></p>")
    parts.append(f"<h3>{html.escape(e.title)}</h3><p>{html.escape(e.text)}</p>")
    if e.rulings:
        parts.append("<h4>VEKN rulings</h4><ul>")
        for card, text, refs in e.rulings:
            links = ", ".join(f'<a href="{html.escape(url)}">{html.escape(label)}</a>' for label, url in refs)
            parts.append(f"<li><b>{html.escape(card)}</b>: {html.escape(text)}"
                         + (f" <small>({links})</small>" if links else "") + "</li>")
        parts.append("</ul>")
    return "".join(parts)


class ExplainDialog(QDialog):
    def __init__(self, explanation: Explanation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explainDialog")
        self.setWindowTitle(f"Why? \u2014 {explanation.title}")
        self.explanation = explanation
        v = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setObjectName("explainText")
        self.text.setOpenExternalLinks(True)
        self.text.setHtml(explanation_html(explanation))
        v.addWidget(self.text)
        bb = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        bb.rejected.connect(self.reject)
        bb.accepted.connect(self.accept)
        v.addWidget(bb)
        self.resize(520, 360)
