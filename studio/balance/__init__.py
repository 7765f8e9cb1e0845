"""The balance assistant (Qt-free): candidate edits of a board (:mod:`.edits`), the objective a
batch of bot games is judged by (:mod:`.objective`), the search over edits (:mod:`.search`) and
``studio balance`` (:mod:`.cli`)."""
