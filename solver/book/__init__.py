"""Puzzle books: graded collections of one puzzle type with proven unique answers."""
