"""The shipped variant files (package data)."""
