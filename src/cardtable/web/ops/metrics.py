"""The server's Prometheus metrics (``GET /metrics``): tables open, connections, moves, the bots'
thinking time, the store's latency and refusals by reason.

They live in a registry of their own (not the process-wide default), so that the tables' counts
are read fresh from the server at each scrape and several apps in one process (the tests) do not
collide on names.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.process_collector import ProcessCollector

REGISTRY = CollectorRegistry(auto_describe=True)
ProcessCollector(registry=REGISTRY)

TABLES = Gauge("cardtable_tables", "Tables in memory, by status", ["status"], registry=REGISTRY)
CONNECTIONS = Gauge("cardtable_connections", "Open live connections (WebSockets)", registry=REGISTRY)
MOVES = Counter("cardtable_moves", "Actions stored, by who made them", ["by"], registry=REGISTRY)
BOT_THINK = Histogram(
    "cardtable_bot_think_seconds",
    "Time a bot took to choose a move (queueing for a worker included)",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
    registry=REGISTRY,
)
STORE = Histogram(
    "cardtable_store_seconds",
    "Time to store an action durably (the group commit a move waits for)",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
    registry=REGISTRY,
)
REFUSALS = Counter(
    "cardtable_refusals", "Refused requests and messages, by reason or HTTP status", ["reason"], registry=REGISTRY
)
REPLAYS = Counter(
    "cardtable_replays", "Records replayed for the replay viewer, by outcome", ["outcome"], registry=REGISTRY
)
BUSY = Counter("cardtable_busy", "Times a table's people were told the server is busy", registry=REGISTRY)
