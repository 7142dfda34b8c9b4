"""Signing in on any device: sessions, e-mail addresses and one-time links, passkeys, and the
limits on trying (docs/web.md, "Signing in")."""
