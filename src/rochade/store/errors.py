"""The store's one error type (its own module so that every store module can raise it)."""

from rochade.core.messages import Explained


class StoreError(Explained):
    """A club file that cannot be used as asked; the message says why in plain words.

    Raise it with a template and values (`rochade.core.messages`), so the web app can show it
    in the TD's language.
    """
