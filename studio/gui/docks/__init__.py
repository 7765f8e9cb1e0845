"""Docks observing the document: properties of the selection, validation findings."""

from studio.gui.docks.properties import PropertiesDock
from studio.gui.docks.validation import ValidationDock

__all__ = ["PropertiesDock", "ValidationDock"]
