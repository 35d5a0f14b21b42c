"""The search and the analysis: engines, enumeration, game analysis, generation and the CLI."""

#: The distribution's version (the single source: pyproject.toml reads it from here).
__version__ = "0.1.0"
