"""Celery workers: one tasks module per job (ingest, actions, polling, training, mail, sweeps)."""
