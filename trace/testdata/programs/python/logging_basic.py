import logging
import shutil

logging.basicConfig()
try:
    shutil.copy("/nonexistent/errdex/src.txt", "/tmp/dst.txt")
except OSError:
    logging.getLogger("myapp.worker").exception("copy failed")
logging.warning("retrying in 5 seconds")
