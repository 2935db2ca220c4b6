"""Django's PostgreSQL backend, with timestamps read by psycopg's C code (base.py)."""
