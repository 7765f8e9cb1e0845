"""Docks of the board editor observing the document: properties of the selection, validation findings."""
