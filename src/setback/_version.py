__version__ = "0.1.0.dev0"
"""The version of this package, as on PyPI."""
