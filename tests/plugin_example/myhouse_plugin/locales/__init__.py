"""The plugin's catalogs: Esperanto, partly."""
