# Environment lookups: os.environ["NAME"] raises KeyError('NAME') when the
# variable is not set. The names say whether each lookup is a site.
import os
from os import environ
import os as o

DB = os.environ["SITE_DATABASE_URL"]
os.environ["STORE_ONLY"] = "1"
first, os.environ["STORE_IN_TUPLE"] = 1, 2


def load(request):
    token = environ["SITE_API_TOKEN"]
    if "GUARDED_IN" in os.environ:
        a = os.environ["GUARDED_IN"]
    elif os.environ.get("GUARDED_GET"):
        a = os.environ["GUARDED_GET"]
    b = os.environ["GUARDED_COND"] if "GUARDED_COND" in os.environ else None
    c = os.environ.get("GUARDED_AND") and os.environ["GUARDED_AND"]
    try:
        d = os.environ["CAUGHT_KEY"]
    except KeyError:
        d = None
    try:
        d = os.environ["CAUGHT_LOOKUP"]
    except (ValueError, LookupError):
        d = None
    try:
        d = os.environ["SITE_CAUGHT_OTHER"]
    except ValueError:
        d = None
    env = os.environ
    if "GUARDED_ALIAS" in env:
        d = env["GUARDED_ALIAS"] + os.environ["GUARDED_ALIAS"]
    if "GUARDED_EXIT" not in os.environ:
        return None
    e = o.environ["GUARDED_EXIT"]
    if "OTHER" in os.environ:
        e = os.environ["SITE_OTHER_NAME"]
    del os.environ["SITE_DELETED"]
    os.environ["SITE_APPENDED"] += ":/opt"
    f = request.environ["NOT_OS_ENVIRON"]
    g = os.environ[key]
    h = os.environ[f"PREFIX_{key}"]
    return token, a, b, c, d, e, f, g, h, o.environ['SITE_WORKERS']
