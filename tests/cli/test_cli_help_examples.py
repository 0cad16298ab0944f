"""Every command added for issue 6 has help with an example."""

import pytest


@pytest.mark.parametrize("command", ["edit", "delete", "export", "import", "history", "chart"])
def test_help_has_an_example(sk, command):
    text = sk(command, "--help").stdout
    assert "Example" in text and f"scorekeeper {command}" in text
