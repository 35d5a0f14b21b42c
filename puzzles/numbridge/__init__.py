"""Numbridge Domains: the field, its formats, the game rules and records."""
