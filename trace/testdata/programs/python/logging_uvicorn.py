import logging
import sys

logging.basicConfig(
    stream=sys.stderr,
    level=logging.INFO,
    format="%(asctime)s %(levelname)s [%(name)s] %(message)s",
)
log = logging.getLogger("uvicorn.error")


def handle(scope):
    return scope["path"].decode()


log.info("Started server process [%d]", 4242)
try:
    handle({"path": "/index"})
except Exception:
    log.exception("Exception in ASGI application")
log.info("Shutting down")
