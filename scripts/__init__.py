"""Scripts that settle the questions of docs/results.md (run as ``python3 -m scripts.NAME``)."""
