"""Replays and reviews of finished hands, worked out in bounded workers."""
