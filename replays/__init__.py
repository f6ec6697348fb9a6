"""Game records: the SQLite store, the .chan.json format, the analyzer and the CLI verbs."""
