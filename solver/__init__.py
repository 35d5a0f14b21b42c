"""The search and the analysis: engines, enumeration, game analysis, generation and the CLI."""
