"""Team events: team values, the C.04.6 team Swiss, team round robins, team tie-breaks."""
