"""The shipped translation catalogs (package data)."""
