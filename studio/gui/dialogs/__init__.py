"""Dialogs of the editor: the New Board wizard."""

from studio.gui.dialogs.new_board import NewBoardWizard, ScenarioChoice, bundled_scenarios

__all__ = ["NewBoardWizard", "ScenarioChoice", "bundled_scenarios"]
