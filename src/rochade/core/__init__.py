"""Pure domain: models, Keizer scoring, pairing engines and the checker, tie-breaks.

Nothing here does I/O, touches a database or the clock, or uses global randomness.
"""
