"""Commands on Engraved Board pictures (L4-2): a picture is a name in the board's ``pictures``
map plus the segments that name it, so every command here snapshots both."""

from __future__ import annotations

from studio.gui.realm.commands.parts import ReplaceParts


class SetPictures(ReplaceParts):
    """Replace the picture definitions and the segment list together (create, rename, remove a
    picture, change its label, add or remove its segments)."""

    def __init__(self, document, pictures: dict, segments: list, text: str,
                 merge_key: object | None = None) -> None:
        super().__init__(document, {"segments": segments, "pictures": pictures}, text, merge_key)
