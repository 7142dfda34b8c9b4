"""A live table: its one writer, the hub of tables, its store and leases, bots and programs, talk."""
