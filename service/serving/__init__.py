"""Serving the app with gunicorn: its settings, its worker, its logs and the readiness it reports."""
