"""Declared records (studio/rules/record.py): copy and snapshot derived from the fields."""

from dataclasses import dataclass, fields

import pytest

from studio.rules.record import (
    copy_plain,
    derive_copy,
    derive_read,
    derive_snapshot,
    derive_view,
    field_meta,
    kept,
    plain_copier,
)


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


@dataclass(eq=False)
class Table:
    round: int = kept(view="public")
    hands: list = kept("lists", view="custom")
    out: set = kept("set", view="public")
    marks: list = kept("sets", view="public")
    notes: dict = kept("plain", view="public")
    secret: list = kept("list", view="hidden")


Table.copy = derive_copy(Table)
Table.snapshot = derive_snapshot(Table)
Table.view = derive_view(Table)
Table.read = derive_read(Table)


def test_nested_kinds_copy_all_the_way_down_and_snapshot_as_plain_data():
    t = Table(2, [[1, 2], [3]], {2, 1}, [{3, 1}, set()], {"a": [1, {"b": [2]}], "s": {4}}, [9])
    c = t.copy()
    assert c.hands == t.hands and c.hands[0] is not t.hands[0]
    assert c.out == {1, 2} and c.out is not t.out
    assert c.marks == t.marks and c.marks[0] is not t.marks[0]
    assert c.notes == t.notes and c.notes["a"][1]["b"] is not t.notes["a"][1]["b"] and c.notes["s"] is not t.notes["s"]
    assert t.snapshot() == {"round": 2, "hands": ((1, 2), (3,)), "out": [1, 2], "marks": ([1, 3], []),
                            "notes": {"a": [1, {"b": [2]}], "s": {4}}, "secret": (9,)}


def test_the_public_view_shows_only_public_fields_and_reads_back():
    t = Table(2, [[1, 2], [3]], {2, 1}, [{3, 1}, set()], {"a": [1]}, [9])
    view = t.view()
    assert view == {"round": 2, "out": [1, 2], "marks": [[1, 3], []], "notes": {"a": [1]}}
    back = Table(0, [], set(), [], {}, [])
    back.read(view)
    assert back.out == {1, 2} and back.marks == [{1, 3}, set()] and back.notes == {"a": [1]}
    assert back.hands == [] and back.secret == []          # custom and hidden fields are not read
    view["notes"]["a"].append(5)
    assert back.notes == {"a": [1]}                         # read copies


def test_every_realm_state_field_says_what_an_observation_shows():
    from studio.rules.realm.game import RealmState

    views = field_meta(RealmState, "view")
    assert set(views) == {f.name for f in fields(RealmState)}
    assert set(views.values()) <= {"public", "custom", "hidden"}
    assert "hands" in views and views["hands"] == "custom" and views["deck"] == "custom"
    assert views["history"] == "hidden" and views["score"] == "public"


@pytest.mark.parametrize("value", [
    {"cross-board": {"reached": [1, 0]}},
    {"a": 1, "b": [1, 2], "c": {"d": {3, 4}, "e": [[1], {"f": 2}]}, "g": (1, [2])},
    [1, 2, 3], [[1], [2, [3]]], {"x": set()}, 7, None, {},
])
def test_a_copier_made_for_a_value_copies_it_as_copy_plain(value):
    copy = plain_copier(value)(value)
    assert copy == copy_plain(value)

    def containers(v):  # every container inside, by identity
        out = [id(v)] if isinstance(v, (dict, list, set)) else []
        for item in (v.values() if isinstance(v, dict) else v if isinstance(v, (list, set)) else ()):
            out += containers(item)
        return out
    assert not set(containers(copy)) & set(containers(value))  # nothing shared
    if isinstance(value, dict):
        assert list(copy) == list(value)  # the same key order
