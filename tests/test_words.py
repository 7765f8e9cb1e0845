"""Counted nouns: ``1 bridge``, ``2 bridges`` (never ``1 bridges``)."""

from studio.content.words import counted


def test_counted_nouns():
    assert [counted(n, "bridge") for n in (0, 1, 2)] == ["0 bridges", "1 bridge", "2 bridges"]
    assert counted(1, "line item") == "1 line item" and counted(3, "line item") == "3 line items"
    assert counted(2, "territory") == "2 territories" and counted(2, "day") == "2 days"
    assert counted(2, "cross") == "2 crosses" and counted(5, "energy") == "5 energy"
    assert counted(2, "child", "children") == "2 children"
