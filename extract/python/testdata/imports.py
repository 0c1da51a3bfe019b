"""Exception types qualified through imports."""
import json
import json.decoder as jd
import xml.etree.ElementTree
import socket
from json.decoder import JSONDecodeError
from http.client import HTTPException as HTTPError
from . import errors
from .errors import LocalError
from ..base import BaseError
from configparser import *

error = socket.error
Alias = JSONDecodeError


def qualified():
    raise JSONDecodeError("Expecting value", doc, pos)
    raise jd.JSONDecodeError("Expecting value", doc, pos)
    raise json.JSONDecodeError("Expecting value", doc, pos)
    raise HTTPError("bad status")
    raise xml.etree.ElementTree.ParseError("syntax error")
    raise errors.Broken("relative module")
    raise LocalError("relative name")
    raise BaseError("parent package")
    raise error("socket failure")
    raise Alias("aliased", doc, pos)
    raise NoSectionError("star import")


class TimeoutError(Exception):
    pass


def shadowed():
    raise TimeoutError("shadows the builtin")


def function_level_import():
    from urllib.error import URLError
    raise URLError("no route")
