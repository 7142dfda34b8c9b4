"""What an operator runs and reads: health, metrics, logs, audit, backups, migrations."""
