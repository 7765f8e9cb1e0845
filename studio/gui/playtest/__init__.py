"""Playtest windows of both games: the Rule the Realm playtest frame and window, the Rivages playtest and its views."""
