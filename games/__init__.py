"""The games of the family, each in its own package."""
