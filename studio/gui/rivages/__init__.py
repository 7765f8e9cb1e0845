"""The Rivages content editors: trees of wisdom, cards and loot (and islands), each a window
on a :class:`~studio.gui.rivages.content_document.ContentDocument`."""
