"""rochade.service."""
