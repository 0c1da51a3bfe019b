import logging
import sys

COLORS = {"ERROR": "\x1b[31;1m", "WARNING": "\x1b[33m", "INFO": "\x1b[32m"}


class ColorFormatter(logging.Formatter):
    """Colours the level name with ANSI escapes, like colorlog does."""

    def format(self, record):
        record.levelname = COLORS.get(record.levelname, "") + record.levelname + "\x1b[0m"
        return super().format(record)


handler = logging.StreamHandler(sys.stderr)
handler.setFormatter(ColorFormatter("%(asctime)s - %(name)s - %(levelname)s - %(message)s"))
log = logging.getLogger("ingest")
log.addHandler(handler)
log.setLevel(logging.INFO)
log.info("reading batch")
try:
    import datetime

    datetime.datetime.strptime("2024-13-01", "%Y-%m-%d")
except ValueError:
    log.exception("bad date in batch")
