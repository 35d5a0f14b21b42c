"""The domain: grids, regions, piece sets, arrangements, boards, rules and record formats.

This package is the ground floor: it imports nothing else of the project.
"""
