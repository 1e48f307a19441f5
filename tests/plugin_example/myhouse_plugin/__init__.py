"""A house-rules plugin for machiavelli-variants (a test fixture)."""
