"""The studio's windows, in rooms (docs/architecture.md): shell, realm, rivages, playtest, balance.

The only package (with :mod:`studio.render`) that imports Qt; a library the tests drive."""
