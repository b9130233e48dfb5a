"""gunicorn settings for the Razz rules service (read by ``python -m service``)."""

import gc
import os

bind = [os.environ.get("BIND") or f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8080')}"]
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
control_socket_disable = True
preload_app = True
accesslog = "-"
errorlog = "-"


def pre_fork(server, worker):
    """Freeze the preloaded ranking tables out of the garbage collector: workers never rescan them."""
    gc.freeze()
