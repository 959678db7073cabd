"""gunicorn for the hall (`make serve`): a few processes with many threads each.

A laptop has 2-4 cores; pages are short database reads and writes, so threads (GUNICORN_THREADS)
carry the 60 tablets' and 200 phones' requests while SQLite's busy timeout queues the writers.
"""
import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("GUNICORN_WORKERS", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
worker_class = "gthread"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 20
keepalive = 5
# Requests go to stderr with the request id the app sends back (X-Request-ID).
accesslog = "-"
errorlog = "-"
access_log_format = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms id=%({x-request-id}o)s'
wsgi_app = "website.wsgi:application"
# gunicorn >= 25's control socket (/root/.gunicorn/gunicorn.ctl) is not used here; two servers on
# one laptop (e.g. a rehearsal next to the real one) would share its path.
control_socket_disable = True
