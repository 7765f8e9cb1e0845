"""Rule the Realm rules engine: the base game (``game``), enclosure (``enclosure``), and one
module per location (``jungle_temples``, ...), registered in ``modules.REGISTRY``."""

from studio.rules.realm.actions import CardPayment, Draw, ExtraAction, Pass, Place, action_from_dict
from studio.rules.realm.game import RealmGame, RealmState, load_realm_game

__all__ = ["CardPayment", "Draw", "ExtraAction", "Pass", "Place", "RealmGame", "RealmState",
           "action_from_dict", "load_realm_game"]
