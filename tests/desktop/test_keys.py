"""Every shortcut in the key table is a key Qt knows (a misspelt name such as "PageUp" makes
an empty QKeySequence: the key silently does nothing and F1 lists nothing for it)."""

from __future__ import annotations

import pytest

from desktop.keys import BINDINGS
from desktop.qt import QKeySequence


@pytest.mark.parametrize("binding", BINDINGS, ids=lambda b: b.id)
def test_every_key_of_the_table_is_a_key_qt_knows(binding: object) -> None:
    for text in binding.keys:  # type: ignore[attr-defined]
        sequence = QKeySequence(text)
        assert not sequence.isEmpty(), f"{binding}: {text!r} is not a key"
        # every part was read ("Ctrl+Foo" would keep only what Qt knows)
        assert QKeySequence(sequence.toString()) == sequence
        assert sequence.toString().count("+") == text.count("+"), f"{binding}: {text!r}"
