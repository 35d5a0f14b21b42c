"""Arrangement engines."""
