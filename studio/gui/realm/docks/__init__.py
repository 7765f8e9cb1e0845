"""Docks observing the document: properties of the selection, validation findings."""

from studio.gui.realm.docks.properties import PropertiesDock
from studio.gui.realm.docks.validation import ValidationDock

__all__ = ["PropertiesDock", "ValidationDock"]
