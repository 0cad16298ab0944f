"""The command line: a thin adapter that parses, calls the core, renders, and maps errors.

This package's ``__init__`` imports nothing: the entry point (``launch``) handles Ctrl-C before click
is loaded, and the command group is ``app.cli``."""
