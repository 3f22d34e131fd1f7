"""The app's version: a module of its own, so the modules that report it need not import the package."""

__version__ = "0.1.0"
