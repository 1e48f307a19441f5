"""The plugin's variant files."""
