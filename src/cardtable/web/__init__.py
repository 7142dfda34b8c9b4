"""The web table server: people and bots at one table over HTTP and WebSockets (``web.md``).

Needs the ``web`` extra (``pip install 'cardtable[web]'``): FastAPI, uvicorn, SQLAlchemy, Alembic
and psycopg. The engine and the other commands never import this package.
"""
