"""Declared records (studio/rules/record.py): copy and snapshot derived from the fields."""

from dataclasses import dataclass

import pytest

from studio.rules.record import derive_copy, derive_snapshot, field_meta, kept


@dataclass(slots=True, eq=False)
class Part:
    n: int = kept(default=0)
    items: list = kept("list", factory=list)

    def copy(self):
        return Part(self.n, list(self.items))

    def snapshot(self):
        return (self.n, tuple(self.items))


@dataclass(eq=False)
class Whole:
    name: str = kept(view="plain")
    cells: list = kept("list", factory=list)
    table: dict = kept("dict", factory=dict)
    final: list | None = kept("optional-list", default=None)
    parts: list = kept("copies", factory=list)
    cache: object = kept("none", default=None)
    owner: object = kept("skip", snapshot="skip", default=None)


Whole.copy = derive_copy(Whole)
Whole.snapshot = derive_snapshot(Whole)


def test_a_derived_copy_copies_each_field_by_its_kind():
    w = Whole("w", [1, 2], {"a": 1}, None, [Part(1, [5])], cache=object(), owner="me")
    c = w.copy()
    assert c.name == "w" and c.cells == [1, 2] and c.table == {"a": 1} and c.final is None
    assert c.cells is not w.cells and c.table is not w.table
    assert c.parts[0] is not w.parts[0] and c.parts[0].items == [5] and c.parts[0].items is not w.parts[0].items
    assert c.cache is None                      # a cache is rebuilt by the copy
    assert "owner" not in vars(c)               # skip: left to the caller
    w.final = [3]
    assert w.copy().final == [3] and w.copy().final is not w.final


def test_a_derived_snapshot_is_plain_data_without_skipped_fields():
    w = Whole("w", [1, 2], {"a": 1}, [4], [Part(1, [5])], cache="x", owner="me")
    assert w.snapshot() == {"name": "w", "cells": (1, 2), "table": {"a": 1}, "final": [4], "parts": ((1, (5,)),)}
    assert Whole.copy.__qualname__ == "Whole.copy"


def test_field_metadata_and_unknown_kinds():
    assert field_meta(Whole, "view") == {"name": "plain"}
    with pytest.raises(ValueError, match="unknown copy kind 'deep'"):
        kept("deep")
    with pytest.raises(ValueError, match="unknown snapshot kind 'json'"):
        kept("list", snapshot="json")
