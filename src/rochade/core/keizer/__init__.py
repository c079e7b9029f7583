"""The Keizer system: value ladder, scoring with recomputation, and top-down pairing."""
