"""Content generators (Qt-free): new Rule the Realm boards for the eight locations and new
Rivages islands from a designer's constraints, each checked valid (0 errors, 0 warnings) and fair
by a short bot simulation before it is offered.

- :mod:`.symmetry`: base shapes and the rotation that maps seat to seat;
- :mod:`.realm`: the eight location designs (:func:`~.realm.design_board`);
- :mod:`.islands`: Rivages islands (:func:`~.islands.design_island`);
- :mod:`.rivages_content`: the bundled Rivages trees, cards, Loot and solo cards;
- :mod:`.offer`: candidates, validation and the fairness check (:func:`~.offer.generate`);
- :mod:`.cli`: ``studio generate``.
"""
