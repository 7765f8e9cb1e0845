"""The bundled JSON Schemas are valid Draft 2020-12 schemas. Checked here, once, instead of at
every start of the studio (studio/content/schemas.py loads them without it)."""

import json

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from studio.content.paths import schemas_dir
from studio.content.schemas import known_formats, schema_for

SCHEMAS = sorted(schemas_dir().glob("*.schema.json"))


@pytest.mark.parametrize("path", SCHEMAS, ids=[p.name for p in SCHEMAS])
def test_bundled_schema_is_a_valid_draft_2020_12_schema(path):
    Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


def test_every_bundled_schema_is_registered_by_its_format():
    assert len(known_formats()) == len(SCHEMAS) >= 10
    for fmt in known_formats():
        assert schema_for(fmt)["$id"].endswith(fmt)


def test_the_metaschema_check_catches_a_broken_schema():
    with pytest.raises(SchemaError):
        Draft202012Validator.check_schema({"type": "mapping"})  # not a JSON Schema type
