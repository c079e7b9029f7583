"""The FIDE Burstein Swiss system: engine, index order and explanation."""

from rochade.core.burstein.engine import BursteinEngine, BursteinResult, explain

__all__ = ["BursteinEngine", "BursteinResult", "explain"]
