"""`rochade.core.messages` checked directly (mutation testing: its other tests are the web's
and the store's, outside mutmut's selection)."""

from __future__ import annotations

from rochade.core.messages import Message, Said, line_message


def test_an_explanation_lines_message_is_its_template_or_its_text() -> None:
    said = Said("round {round}: {note}", round=2, note="bye")
    assert line_message(said) == Message("round {round}: {note}", {"round": 2, "note": "bye"})
    assert line_message("a line of an old round") == Message("a line of an old round")
