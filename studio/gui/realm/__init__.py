"""The Rule the Realm board editor: its document, scene, items, tools, commands, docks and wizard."""
