"""rochade.store."""
