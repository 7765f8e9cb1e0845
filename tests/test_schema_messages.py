"""Schema findings in plain words: what is wrong and what is expected, for the typical
mistakes (a misspelt key, a wrong type, a missing key, a value out of range, a wrong choice) in
each kind of file: realm boards and scenarios, Rivages islands, trees, cards, loot and
scenarios."""

import pytest

from studio.content import parse_yaml
from studio.content.schema_messages import close_match, expected, value_text
from studio.content.schemas import schema_findings
from tests.conftest import ROOT

# (file, text, replaced by, [(code, message)]): one mistake made in a bundled file
CASES = [
    ('boards/realm/jungle-temples-2p.yaml', 'players: 2\n', 'players: three\n',
     [('schema/type', "'players' must be a whole number from 2 to 4, got the text 'three'")]),
    ('boards/realm/jungle-temples-2p.yaml', 'players: 2\n', 'players: 7\n',
     [('schema/range', "'players' must be a whole number from 2 to 4, got 7")]),
    ('boards/realm/jungle-temples-2p.yaml', 'players: 2\n', 'players: 2.5\n',
     [('schema/type', "'players' must be a whole number from 2 to 4, got the number 2.5")]),
    ('boards/realm/jungle-temples-2p.yaml', 'players: 2\n', 'player: 2\n',
     [('schema/unknown-key', "unknown key 'player' (did you mean 'players'?)")]),
    ('boards/realm/jungle-temples-2p.yaml', 'colour: green}', 'colour: purple}',
     [('schema/value', "'pegs.a1.colour' must be one of red, gray, blue, green, yellow, got 'purple'")]),
    ('boards/realm/jungle-temples-2p.yaml', 'colour: green}', 'color: green}',
     [('schema/unknown-key', "unknown key 'color' in 'pegs.a1' (did you mean 'colour'?)")]),
    ('boards/realm/jungle-temples-2p.yaml', 'a1: {at: [0, 0], colour: green}', 'a1: {at: [0], colour: green}',
     [('schema/length', "'pegs.a1.at' must be a list of exactly 2 numbers, got [0] (1 item)")]),
    ('boards/realm/jungle-temples-2p.yaml', 'a1: {at: [0, 0], colour: green}', 'a1: {at: [x, 0], colour: green}',
     [('schema/type', "'pegs.a1.at[0]' must be a number from -1000 to 1000, got the text 'x'")]),
    # content is read as YAML 1.2 (issue 12): 1e308 is a number (out of range), a quoted one is text
    ('boards/realm/jungle-temples-2p.yaml', 'a1: {at: [0, 0], colour: green}', 'a1: {at: [1e308, 0], colour: green}',
     [('schema/range', "'pegs.a1.at[0]' must be a number from -1000 to 1000, got 1e308")]),  # as written
    ('boards/realm/jungle-temples-2p.yaml', 'a1: {at: [0, 0], colour: green}', "a1: {at: [0, '25e-1'], colour: green}",
     [('schema/type', "'pegs.a1.at[1]' must be a number from -1000 to 1000, got the text '25e-1' (it is in quotes, "
                      "which makes it a text: remove the quotes)")]),
    ('boards/realm/jungle-temples-2p.yaml', 'a1: {at: [0, 0], colour: green}', 'a1: {at: [1.0e+308, 0], colour: green}',
     [('schema/range', "'pegs.a1.at[0]' must be a number from -1000 to 1000, got 1.0e+308")]),
    ('boards/realm/jungle-temples-2p.yaml', 'a1: {at: [0, 0], colour: green}', 'a1: {at: [0, -100000], colour: green}',
     [('schema/range', "'pegs.a1.at[1]' must be a number from -1000 to 1000, got -100000")]),
    ('boards/realm/jungle-temples-2p.yaml', 'a1: {at: [0, 0], colour: green}', 'a1: {colour: green}',
     [('schema/missing-key', "missing key 'at' in 'pegs.a1': it is required (a list of exactly 2 numbers)")]),
    ('boards/realm/jungle-temples-2p.yaml', 'treasure: ', 'tresure: ',
     [('schema/unknown-key', "unknown key 'tresure' in 'segments[1]' (did you mean 'treasure'?)")]),
    ('boards/realm/jungle-temples-2p.yaml', 'treasure: 1', 'treasure: -1',
     [('schema/range', "'segments[1].treasure' must be a whole number from 0 to 20, got -1")]),
    ('boards/realm/jungle-temples-2p.yaml', 'treasure: 1', 'treasure: 99',
     [('schema/range', "'segments[1].treasure' must be a whole number from 0 to 20, got 99")]),
    ('boards/realm/jungle-temples-2p.yaml', 'id: jungle-temples-2p', 'id: jungle temples',
     [('schema/pattern', "'id' must be an id: letters, digits, '-' and '_', starting with a letter or digit, at most 64 characters, no spaces, got 'jungle temples'")]),
    ('boards/realm/jungle-temples-2p.yaml', 'name: Jungle Temples, 2 players\n', '',
     [('schema/missing-key', "missing key 'name': it is required (a text of 1 to 200 characters)")]),
    ('scenarios/jungle-temples.yaml', 'rules:\n', 'rulez:\n',
     [('schema/unknown-key', "unknown key 'rulez' (did you mean 'rules'?)")]),
    ('scenarios/jungle-temples.yaml', 'start: own-side', 'start: own-sides',
     [('schema/value', "'rules.start' must be one of own-side, any-start, anywhere, crater, got 'own-sides' (did you mean 'own-side'?)")]),
    ('scenarios/jungle-temples.yaml', 'bands_per_player: 25', 'bands_per_player: many',
     [('schema/type', "'rules.bands_per_player' must be a whole number from 1 to 200, got the text 'many'")]),
    ('scenarios/jungle-temples.yaml', 'end: {score: 18}', 'end: {score: 0}',
     [('schema/range', "'rules.end.score' must be a whole number from 1 to 500, got 0")]),
    ('scenarios/jungle-temples.yaml', 'end: {score: 18}', 'end: {scor: 18}',
     [('schema/unknown-key', "unknown key 'scor' in 'rules.end' (did you mean 'score'?)")]),
    ('scenarios/jungle-temples.yaml', 'bands: [line, triangle, quad]', 'bands: [line, triangle, square]',
     [('schema/value', "'rules.bands[2]' must be one of line, triangle, quad, long-barrier, chain, got 'square' (did you mean 'quad'?)")]),
    ('scenarios/jungle-temples.yaml', 'bands: [line, triangle, quad]', 'bands: line',
     [('schema/type', "'rules.bands' must be a list of one or more of line, triangle, quad, long-barrier, chain, got the text 'line'")]),
    ('scenarios/jungle-temples.yaml', 'cross-board: {bonuses: [8, 6]}', 'cross-bord: {bonuses: [8, 6]}',
     [('schema/unknown-key', "unknown key 'cross-bord' in 'rules.modules' (did you mean 'cross-board'?)")]),
    ('scenarios/jungle-temples.yaml', '  2: ../boards', '  5: ../boards',
     [('schema/bad-key', "key '5' is not allowed in 'boards': the keys here are 2, 3, 4")]),
    ('scenarios/jungle-temples.yaml', 'cards: shared-pool', 'cards: {personal-deck: {size: 12, draws: 3}}',
     [('schema/unknown-key', "unknown key 'draws' in 'rules.cards.personal-deck' (did you mean 'draw'?)")]),
    ('scenarios/rivages.yaml', 'side: A', 'side: C',
     [('schema/value', "'side' must be one of A, B, got 'C'")]),
    ('scenarios/rivages.yaml', 'side: A', 'sides: A',
     [('schema/unknown-key', "unknown key 'sides' (did you mean 'side'?)")]),
    ('scenarios/rivages.yaml', "colour: '#3d7a3a'", 'colour: green',
     [('schema/pattern', "'terrains[0].colour' must be a colour written #rrggbb, e.g. '#3d7a3a', got 'green'")]),
    ('scenarios/rivages.yaml', 'mode: discovery', 'mode: easy',
     [('schema/value', "'solo.mode' must be one of discovery, advanced, got 'easy'")]),
    ('boards/rivages/islands/amber-shoals.yaml', '{at: [2, -4], kind: forest}', '{at: [2], kind: forest}',
     [('schema/length', "'spaces[0].at' must be a list of exactly 2 whole numbers, got [2] (1 item)")]),
    ('boards/rivages/trees/banyan.yaml', 'effect: {scrolls: 1}', 'effect: {scrols: 1}',
     [('schema/unknown-key', "unknown key 'scrols' in 'sides.A.nodes.a2.effect' (did you mean 'scrolls'?)")]),
    ('boards/rivages/trees/banyan.yaml', 'effect: {scrolls: 1}', 'effect: {scrolls: lots}',
     [('schema/type', "'sides.A.nodes.a2.effect.scrolls' must be a whole number from 1 to 99, got the text 'lots'")]),
    ('boards/rivages/trees/banyan.yaml', 'start: a1', 'start: 1',
     [('schema/type', "'sides.A.start' must be an id: letters, digits, '-' and '_', at most 32 characters, no spaces, got the number 1 (put it in quotes, '1', to make it a text)")]),
    ('boards/rivages/cards.yaml', 'players: 2\n', 'players: 6\n',
     [('schema/range', "'exploration[0].players' must be a whole number from 2 to 5, got 6")]),
    ('boards/rivages/loot.yaml', 'count: 6', 'count: six',
     [('schema/type', "'tokens[0].count' must be a whole number from 1 to 99, got the text 'six'")]),
    ('boards/rivages/loot.yaml', 'effect: {scrolls: 2}', 'effect: {scroll: 2}',
     [('schema/unknown-key', "unknown key 'scroll' in 'tokens[0].effect' (did you mean 'scrolls'?)")]),
    # a one-step quest is a step, not a quest of steps: the mistake inside it is named
    ("boards/rivages/islands/amber-shoals.yaml", "reward: {scrolls: 4}", "reward: {scrols: 4}",
     [('schema/unknown-key', "unknown key 'scrols' in 'goals.quest.reward' (did you mean 'scrolls'?)")]),
    ("boards/rivages/islands/amber-shoals.yaml", "reward: {scrolls: 4}", "reward: {scrolls: four}",
     [('schema/type', "'goals.quest.reward.scrolls' must be a whole number from 1 to 99, got the text 'four'")]),
    ("boards/rivages/islands/amber-shoals.yaml", "    fort: [0, 1]", "    frt: [0, 1]",
     [('schema/unknown-key', "unknown key 'frt' in 'goals.quest' (did you mean 'fort'?)")]),
]


@pytest.mark.parametrize("rel, old, new, want", CASES, ids=[f"{c[0].split('/')[-1]}:{c[2].strip()[:30]}" for c in CASES])
def test_typical_mistakes_read_plainly(rel, old, new, want):
    text = (ROOT / rel).read_text()
    assert old in text
    mutated = text.replace(old, new, 1)
    doc = parse_yaml(mutated, rel)
    found = schema_findings(doc.data, doc.source, rel)
    assert [(f.code, f.message) for f in found] == want
    if new.strip() and found[0].code != "schema/missing-key":  # the finding points at the mistake
        assert found[0].line == mutated[: mutated.index(new)].count("\n") + 1
    for f in found:  # no jsonschema jargon left
        for word in ("integer", "array", "additionalProperties", "is not one of", "(top level)", "^", "$"):
            assert word not in f.message, (word, f.message)


def test_misspelt_required_key_is_one_finding_not_two():
    text = "format: realm-board/1\nid: b\nname: B\nplayer: 2\npegs: {}\nlines: []\nseats: {}\n"
    doc = parse_yaml(text, "b.yaml")
    found = [(f.code, f.line, f.message) for f in schema_findings(doc.data, doc.source, "b.yaml")]
    assert ("schema/unknown-key", 4, "unknown key 'player' (did you mean 'players'?)") in found
    assert not [f for f in found if f[0] == "schema/missing-key"]


def test_unknown_key_without_a_close_one_lists_the_keys():
    text = "format: rivages-loot/1\nid: l\ntokens:\n- {kind: purse, count: 2, effect: {scrolls: 1}, zebra: 1}\n"
    doc = parse_yaml(text, "l.yaml")
    [f] = schema_findings(doc.data, doc.source, "l.yaml")
    assert f.message == ("unknown key 'zebra' in 'tokens[0]'; the keys allowed here are: kind, name, count, effect")
    assert (f.line, f.col) == (4, 49)


def test_a_number_where_a_text_is_expected_suggests_quotes():
    text = "format: rivages-tree/1\nid: t\nsides:\n  A: {start: 1, nodes: {a: {at: [0, 0]}}}\n"
    doc = parse_yaml(text, "t.yaml")
    found = [f for f in schema_findings(doc.data, doc.source, "t.yaml") if f.code == "schema/type"]
    assert found[0].message == ("'sides.A.start' must be an id: letters, digits, '-' and '_', at most 32 "
                                "characters, no spaces, got the number 1 (put it in quotes, '1', to make it a text)")


def test_a_key_that_is_not_allowed_names_the_allowed_keys():
    text = (ROOT / "scenarios" / "jungle-temples.yaml").read_text().replace("  2: ../boards", "  5: ../boards", 1)
    doc = parse_yaml(text, "s.yaml")
    [f] = schema_findings(doc.data, doc.source, "s.yaml")
    assert (f.code, f.message) == ("schema/bad-key", "key '5' is not allowed in 'boards': the keys here are 2, 3, 4")
    assert f.line == text.split("\n").index("  5: ../boards/realm/jungle-temples-2p.yaml") + 1


@pytest.mark.parametrize("schema, words", [
    ({"type": "integer", "minimum": 2, "maximum": 4}, "a whole number from 2 to 4"),
    ({"type": "integer", "minimum": 0}, "a whole number at least 0"),
    ({"type": "number", "exclusiveMinimum": 0}, "a number more than 0"),
    ({"type": "string", "minLength": 1, "maxLength": 200}, "a text of 1 to 200 characters"),
    ({"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2}, "a list of exactly 2 texts"),
    ({"type": "array", "items": {"enum": ["a", "b"]}, "minItems": 1}, "a list of one or more of a, b"),
    ({"type": ["string", "array"]}, "a text or a list"),
    ({"enum": ["A", "B"]}, "one of A, B"),
    ({"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"}, "a colour written #rrggbb, e.g. '#3d7a3a'"),
    ({"oneOf": [{"type": "integer"}, {"type": "array"}]}, "a whole number or a list"),
    ({"$ref": "#/$defs/n"}, "a whole number from 1 to 3"),
])
def test_expected_in_words(schema, words):
    assert expected(schema, {"$defs": {"n": {"type": "integer", "minimum": 1, "maximum": 3}}}) == words


def test_close_match_and_values():
    assert close_match("tresure", ["treasure", "energy"]) == "treasure"
    assert close_match("Validate", ["validate"]) == "validate"
    assert close_match("zebra", ["treasure", "energy"]) is None
    assert [value_text(v) for v in (None, True, "x", 3, 2.5, [0])] == ["nothing (an empty value)", "true", "'x'",
                                                                      "3", "2.5", "[0]"]


def test_rivages_lint_suggests_the_terrain_or_symbol_meant(tmp_path):
    import shutil

    from studio.validate import validate

    shutil.copytree(ROOT / "boards" / "rivages", tmp_path / "boards" / "rivages")
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    island = tmp_path / "boards" / "rivages" / "islands" / "amber-shoals.yaml"
    island.write_text(island.read_text().replace("{at: [2, -4], kind: forest}", "{at: [2, -4], kind: forst}", 1))
    cards = tmp_path / "boards" / "rivages" / "cards.yaml"
    cards.write_text(cards.read_text().replace("rows: [[dune, cliff, statue]", "rows: [[dune, clif, statue]", 1))
    messages = {f.code: f.message for f in validate(tmp_path / "scenarios" / "rivages.yaml") if f.severity == "error"}
    assert messages["rivages/unknown-kind"].endswith("is 'forst': not a terrain (forest, dune, cliff, lagoon), white, "
                                                     "stronghold or ship (did you mean 'forest'?)")
    assert messages["rivages/unknown-symbol"].endswith("unknown symbol 'clif' (known: any, cliff, dune, forest, lagoon, "
                                                       "loot, scroll, statue) (did you mean 'cliff'?)")


def test_a_missing_key_is_named_from_the_error_not_its_message():
    """The studio's ``required`` errors name their key in a field: a key holding an apostrophe
    (which jsonschema quotes with double quotes) and several missing keys of one mapping are
    each said right; a plain jsonschema error is read from validator_value and instance (and,
    with several keys missing, its message)."""
    from jsonschema import Draft202012Validator

    from studio.content.schema_messages import describe, missing_key
    from studio.content.schemas import missing_key_error, strict_validator_class

    schema = {"type": "object", "required": ["it's", "name", "size"],
              "properties": {"name": {"type": "string"}, "size": {"type": "integer", "minimum": 1}}}
    errors = list(strict_validator_class()(schema).iter_errors({"name": "x"}))
    assert [type(e) for e in errors] == [missing_key_error(), missing_key_error()]
    assert [missing_key(e) for e in errors] == ["it's", "size"]
    assert [e.message for e in errors] == ['"it\'s" is a required property', "'size' is a required property"]
    assert [describe(e, schema) for e in errors] == [
        "missing key \"it's\": it is required", "missing key 'size': it is required (a whole number at least 1)"]
    plain = list(Draft202012Validator(schema).iter_errors({"name": "x", "size": 2}))
    assert [missing_key(e) for e in plain] == ["it's"]
    several = list(Draft202012Validator(schema).iter_errors({}))
    assert [missing_key(e) for e in several] == ["it's", "name", "size"]  # told apart by their words alone
