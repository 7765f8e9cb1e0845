"""Content to and from other tools: Tiled maps (:mod:`studio.interop.tiled_format` reads and
writes TMX/TMJ files, :mod:`studio.interop.tiled_island` converts Rivages islands both ways,
:mod:`studio.interop.tiled_board` exports Rule the Realm boards, :mod:`studio.interop.convert`
is ``studio convert``).

This package sits above :mod:`studio.render` (it draws the tileset image with the studio's
glyphs) and below :mod:`studio.gui`; nothing in it imports Qt itself."""
