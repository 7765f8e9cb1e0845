"""Balance runs in the GUI: the dashboard (:mod:`.dashboard`), its charts (:mod:`.charts`), the
batch thread (:mod:`.worker`), the heat map over a board (:mod:`.heatmap`) and the board
editor's hook-up (:mod:`.editor`)."""
