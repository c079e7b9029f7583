"""The FIDE Double-Swiss system (C.04.5): every pairing a match of two games.

`engine` pairs a round of matches from the players' match history; `matches` reads that
history from the stored games (one stored round per game). The system object is
`rochade.core.systems.double_swiss`; random events for the checker come from
`rochade.core.systems.double_swiss_events`.
"""
