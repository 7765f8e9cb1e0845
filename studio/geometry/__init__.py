"""Lattices, faces of a line graph (shapely) and hex math. No Qt."""
