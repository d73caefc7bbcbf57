"""Static views: deterministic SVG pictures of tiles and cities (stdlib + core only)."""
