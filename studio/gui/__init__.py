"""The board editor: document, undo commands, scene, tools, docks and the main window.

The only package (with :mod:`studio.render`) that imports Qt; a library the tests drive."""
