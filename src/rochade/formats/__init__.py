"""rochade.formats."""
