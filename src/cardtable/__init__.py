"""cardtable: rules-exact engines, bots and tables for Seep, Four-Point Smear and Sheepshead."""

__version__ = "0.1.0"
