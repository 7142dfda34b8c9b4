"""The terminal table and record viewer (the optional ``tui`` extra: Textual)."""

from cardtable.tui.app import CardtableApp, MenuScreen, TableScreen, ViewerScreen, run_app, run_viewer

__all__ = ["CardtableApp", "MenuScreen", "TableScreen", "ViewerScreen", "run_app", "run_viewer"]
