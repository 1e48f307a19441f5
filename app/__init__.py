"""The input/output side of the project: variant files, translations,
records on disk and the terminal. The rules live in ``core``."""
