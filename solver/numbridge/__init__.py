"""Numbridge Domains: search engines, generation, difficulty, analysis, players."""
