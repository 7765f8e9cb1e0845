"""The Rule the Realm editors: the board editor and the scenario editor."""
