"""Drawing and formatting: SVG pictures, HTML pages, text and JSON. Knows nothing of search."""
