"""rochade: a chess tournament manager for clubs."""

__version__ = "0.1.0"
