"""The store's one error type (its own module so that every store module can raise it)."""


class StoreError(Exception):
    """A club file that cannot be used as asked; the message says why in plain words."""
