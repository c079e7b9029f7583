"""rochade.web."""
