"""Names vulture cannot see used, each group with who uses it. Read by vulture only (see
[tool.vulture] in pyproject.toml; .ci/run runs it): the file is parsed, never imported."""

# ruff: noqa: B018, F821

# Qt calls these overrides of its virtual methods by name (QWidget, QGraphicsView/Scene/Item,
# QLayout, QUndoCommand, QWizardPage, QDoubleSpinBox)
_.paintEvent
_.wheelEvent
_.mouseDoubleClickEvent
_.dragMoveEvent
_.drawForeground
_.mergeWith
_.initializePage
_.itemAt
_.expandingDirections
_.hasHeightForWidth
_.heightForWidth
_.textFromValue

# PyYAML's Dumper asks ignore_aliases(data) before writing an anchor (studio/content/yamlio.py)
_.ignore_aliases

# expat calls the handlers set on its parser (studio/interop/tiled_format.py)
_.StartElementHandler
_.EndElementHandler
_.CharacterDataHandler
_.EntityDeclHandler
_.ExternalEntityRefHandler

# read through self.__dict__.get("_document_ref") so a command without a document says so
# (studio/gui/realm/commands/base.py)
_._document_ref

# loaded by "module:function" name from studio/render/cli.py's table of formats
_.render_tree
_.render_cards

# lru_cache key: a file's modification time makes a changed file read again
# (studio/validate/rivages.py _read_scenario)
_.mtime_ns

# tests: a fixture asked for its effect only, values unpacked for the reader, a counter, and a
# window kept open until the test ends
_.handler_installed
_.g2
_.g3
_.in_place
_.owner2

# tests/generate: a fixture asked for its effect only (games replaced by fixed even figures)
_.fair_games

# studio/validate/__init__.py: a module __getattr__ (PEP 562), called by Python for a lazy import
_.__getattr__

# studio/playtest/cli.py, studio/balance/cli.py: tqdm's class setting, read by tqdm (no monitor thread)
_.monitor_interval

# tests/test_playtest_interrupt.py: a stand-in stream that tqdm asks whether it is a terminal
_.isatty
