"""Board Studio: design, validate, print and playtest boards for Rule the Realm and Rivages."""

__version__ = "0.1.0"
