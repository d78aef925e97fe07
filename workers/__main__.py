"""`python -m workers worker|beat [Celery's options]`: Celery's own `worker` and `beat` commands on the product's app,
without the rest of Celery's command line.

`celery -A workers.celery_app worker` imports every command Celery has and every plugin installed (Flower's web
server, the AMQP shell's prompt toolkit) before it starts the one asked for: a worker's start until it is ready took
15.3 billion instructions that way and 13.2 billion this way (valgrind, 3 Dec 2026), about half a second of CPU on a
slow machine, at each start of a worker or a beat. The options, the banner and the exit status are Celery's;
`celery -A workers.celery_app ...` still runs every other command (inspect, purge, Flower through `python -m
workers.flower`).
"""
from __future__ import annotations

import click
from celery.bin.base import CLIContext
from celery.bin.beat import beat
from celery.bin.worker import worker


@click.group()
@click.option("-q", "--quiet", is_flag=True, help="No banner, as `celery -q`.")
@click.pass_context
def main(context: click.Context, quiet: bool) -> None:
    # What Celery's own group does before a command: the app on the context, loaded only once a command is run.
    from workers.celery_app import celery

    context.obj = CLIContext(app=celery, no_color=False, workdir=None, quiet=quiet)


main.add_command(worker)
main.add_command(beat)

if __name__ == "__main__":
    # Options also read from CELERY_WORKER_CONCURRENCY and the like, as under `celery`.
    main(prog_name="python -m workers", auto_envvar_prefix="CELERY")
