"""Rule the Realm board editor: the board document, scene and items, tools, commands, docks, the New Board wizard and the scenario editor."""
