import datetime
import json
import logging
import sys


class JSONFormatter(logging.Formatter):
    """Formats records as one JSON object per line, like python-json-logger."""

    def format(self, record):
        entry = {
            "timestamp": datetime.datetime.fromtimestamp(record.created).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exc_info"] = self.formatException(record.exc_info)
        return json.dumps(entry)


handler = logging.StreamHandler(sys.stderr)
handler.setFormatter(JSONFormatter())
log = logging.getLogger("billing")
log.addHandler(handler)
log.setLevel(logging.INFO)
log.info("charging customer %s", "c_42")
try:
    from decimal import Decimal

    Decimal("12,50")
except Exception:
    log.exception("charge failed for customer %s", "c_42")
