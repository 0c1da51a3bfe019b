#!/usr/bin/env python3
"""Generate errdex's Python development set from real runs.

Regenerate (from the repository root; Python 3 standard library only):

    python3 testdata/devset/gen_python.py > testdata/devset/python.jsonl

Every case below calls the Python standard library in a way that raises. The
script runs each case in this interpreter, catches the exception, and writes
the query forms a user would paste, one JSON object per line:

    {"id": "json.loads.empty/traceback", "form": "traceback", "module": "json",
     "query": "<pasted text>",
     "expect": {"path_suffix": "json/decoder.py", "line": 355, "function": "raw_decode"},
     "raised_by": "python", "message_form": "literal"}

Forms (the eval harness groups figures by "form"):
  type-message  the "Type: message" line(s) exactly as Python prints them
                (for a SyntaxError, without its File/caret block);
  traceback     the whole traceback, chains included, exactly as printed;
  message       the message alone (skipped when the message is empty).

Expectation: the innermost frame of the traceback, when it lies in the
standard library (path_suffix is relative to the stdlib root, so the file
does not depend on this machine's install prefix; "<frozen os>" frames are
mapped to their source file, os.py) AND its line is a raise (or assert)
statement with an exception. Otherwise the error was raised by compiled code
(int('x'), the C JSON scanner, os.open called from shutil...) and "expect" is
null: no Python source line raised it. Such cases carry "raised_by": "c" and
"nearest": the innermost standard-library frame, when there is one (the
place a matcher should point to when it says that compiled code raised the
error). A bare "raise" that re-raises is treated the same way
("raised_by": "reraise"): the line that created the error is elsewhere.
When the compiled module has a pure-Python implementation in the standard
library (json's scanner and encoder, datetime, decimal, heapq, bisect,
pickle, functools, operator) and that implementation raises the same type
and message from a Python statement, the case also carries "twin": that
site. For a query without a traceback it is the source a reader wants,
since the message alone cannot tell the two implementations apart.

"message_form" says how the raising line builds its message, read from the
raise statement's syntax: literal, f-string, %-format, .format, concat,
variable, expression, object (raise of an exception built elsewhere),
no-message, class-built (the exception class formats its message itself: the
printed message differs from the literal at the raise), keyerror-repr, or c.

The output is deterministic for one machine and interpreter: cases are
written in definition order, the script re-executes itself with
PYTHONHASHSEED=0, LC_ALL=C.UTF-8 and TZ=UTC, temporary files live in a fixed
directory, and no case prints an object address. The tracebacks contain this
machine's real paths; only the expectations must not, and they do not.
A summary (counts of cases, modules and forms) goes to stderr.
"""

import ast
import io
import json
import os
import sys
import sysconfig
import tempfile
import traceback
import warnings

if os.environ.get("PYTHONHASHSEED") != "0" or os.environ.get("ERRDEX_DEVSET_CHILD") != "1":
    env = dict(os.environ, PYTHONHASHSEED="0", LC_ALL="C.UTF-8", LANG="C.UTF-8", TZ="UTC",
               ERRDEX_DEVSET_CHILD="1", PYTHONDONTWRITEBYTECODE="1")
    os.execve(sys.executable, [sys.executable, os.path.abspath(__file__)] + sys.argv[1:], env)

warnings.simplefilter("ignore")
sys.dont_write_bytecode = True

STDLIB = os.path.realpath(sysconfig.get_paths()["stdlib"])
TMP = os.path.join(tempfile.gettempdir(), "errdex-devset")

CASES = []


def c(name, fn, module=None):
    """Register a case: name is unique, module defaults to its first part."""
    CASES.append((name, module or name.split(".")[0], fn))


def tmpfile(name, data=b""):
    """Write a fixed-name file in the devset's temporary directory."""
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


# ---------------------------------------------------------------- cases

import argparse
import array
import ast as ast_module
import asyncio
import base64
import binascii
import bisect
import bz2
import calendar
import cmath
import codecs
import collections
import concurrent.futures
import configparser
import contextlib
import copy
import csv
import ctypes
import dataclasses
import datetime
import dbm
import decimal
import dis
import email.header
import email.headerregistry
import email.message
import email.utils
import enum
import fractions
import functools
import getopt
import gettext
import graphlib
import grp
import gzip
import hashlib
import heapq
import hmac
import http
import http.client
import http.cookies
import importlib
import importlib.metadata
import importlib.util
import inspect
import ipaddress
import itertools
import locale
import logging
import logging.config
import lzma
import math
import multiprocessing
import netrc
import operator
import optparse
import pathlib
import pickle
import pkgutil
import plistlib
import pwd
import queue
import random
import re
import resource
import runpy
import secrets
import shlex
import shutil
import signal
import socket
import sqlite3
import ssl
import statistics
import string
import struct
import subprocess
import tarfile
import textwrap
import threading
import time
import tokenize
import tomllib
import typing
import unicodedata
import unittest
import urllib.parse
import urllib.request
import uuid
import wave
import weakref
import wsgiref.headers
import xml.dom.minidom
import xml.etree.ElementTree as ET
import xml.parsers.expat
import xml.sax
import xml.sax.handler
import zipfile
import zipimport
import zlib
import zoneinfo

# json
c("json.loads.empty", lambda: json.loads(""))
c("json.loads.trailing_comma_object", lambda: json.loads('{"a": 1,}'))
c("json.loads.unclosed_array", lambda: json.loads("[1, 2"))
c("json.loads.missing_colon", lambda: json.loads('{"a" 1}'))
c("json.loads.unterminated_string", lambda: json.loads('"abc'))
c("json.loads.extra_data", lambda: json.loads("[1] x"))
c("json.loads.bom", lambda: json.loads("\ufeff{}"))
c("json.loads.not_str", lambda: json.loads(123))
c("json.loads.invalid_control", lambda: json.loads('"a\tb"'))
c("json.loads.invalid_escape", lambda: json.loads('"\\q"'))
c("json.loads.single_quotes", lambda: json.loads("{'a': 1}"))
c("json.dumps.complex_key", lambda: json.dumps({1j: 1}))
c("json.dumps.not_serializable", lambda: json.dumps({"when": datetime.date(2024, 5, 1)}))
c("json.dumps.nan_not_allowed", lambda: json.dumps(float("nan"), allow_nan=False))
c("json.dumps.set", lambda: json.dumps({1, 2}, indent=2))


def json_circular():
    a = []
    a.append(a)
    json.dumps(a)


c("json.dumps.circular", json_circular)

# re
c("re.compile.unbalanced_open", lambda: re.compile("(abc"))
c("re.compile.unbalanced_close", lambda: re.compile("abc)"))
c("re.compile.unterminated_set", lambda: re.compile("[a-"))
c("re.compile.multiple_repeat", lambda: re.compile("a**"))
c("re.compile.bad_group_name", lambda: re.compile("(?P<1>x)"))
c("re.compile.trailing_backslash", lambda: re.compile("\\"))
c("re.compile.bad_escape", lambda: re.compile(r"\q"))
c("re.compile.lookbehind_width", lambda: re.compile(r"(?<=a+)b"))
c("re.compile.min_greater_than_max", lambda: re.compile("a{3,1}"))
c("re.compile.redefined_group", lambda: re.compile("(?P<n>a)(?P<n>b)"))
c("re.compile.bad_range", lambda: re.compile("[z-a]"))
c("re.compile.nothing_to_repeat", lambda: re.compile("*a"))
c("re.compile.unknown_extension", lambda: re.compile("(?Q)"))
c("re.compile.incompatible_flags", lambda: re.compile("x", re.ASCII | re.UNICODE))
c("re.sub.invalid_group_reference", lambda: re.sub("a", r"\1", "a"))
c("re.sub.unknown_group_name", lambda: re.sub("(?P<x>a)", r"\g<y>", "a"))
c("re.match.bytes_pattern_on_str", lambda: re.match(b"a", "a"))

# builtins (raised by compiled code)
c("builtins.int.invalid_literal", lambda: int("twelve"), "builtins")
c("builtins.int.float_string", lambda: int("1.5"), "builtins")
c("builtins.int.bad_base", lambda: int("12", 1), "builtins")
c("builtins.int.none", lambda: int(None), "builtins")
c("builtins.int.infinity", lambda: int(float("inf")), "builtins")
c("builtins.float.invalid", lambda: float("1,5"), "builtins")
c("builtins.complex.invalid", lambda: complex("1+"), "builtins")
c("builtins.str.format_single_brace", lambda: "{".format(), "builtins")
c("builtins.str.format_index", lambda: "{0} {1}".format("a"), "builtins")
c("builtins.str.format_key", lambda: "{name}".format(), "builtins")
c("builtins.str.percent_number", lambda: "%d items" % "three", "builtins")
c("builtins.str.index", lambda: "abc".index("z"), "builtins")
c("builtins.bytes.fromhex", lambda: bytes.fromhex("zz"), "builtins")
c("builtins.str.encode_ascii", lambda: "café".encode("ascii"), "builtins")
c("builtins.bytes.decode_utf8", lambda: b"caf\xe9".decode("utf-8"), "builtins")
c("builtins.list.pop_empty", lambda: [].pop(), "builtins")
c("builtins.list.index", lambda: [1, 2].index(3), "builtins")
c("builtins.dict.missing_key", lambda: {"a": 1}["b"], "builtins")
c("builtins.division_by_zero", lambda: 1 / 0, "builtins")
c("builtins.getattr.missing", lambda: getattr("text", "decode"), "builtins")
c("builtins.open.missing", lambda: open("/nonexistent/errdex/config.ini"), "builtins")
c("builtins.open.bad_mode", lambda: open(__file__, "rw"), "builtins")
c("builtins.range.float", lambda: range(1.5), "builtins")
c("builtins.chr.range", lambda: chr(-1), "builtins")
c("builtins.unpack.too_many", lambda: exec("a, b = 1, 2, 3"), "builtins")
c("builtins.len.int", lambda: len(5), "builtins")

# datetime and time
c("datetime.date.bad_month", lambda: datetime.date(2024, 13, 1))
c("datetime.date.bad_day", lambda: datetime.date(2024, 2, 30))
c("datetime.date.fromisoformat", lambda: datetime.date.fromisoformat("2024-1-1"))
c("datetime.datetime.fromisoformat", lambda: datetime.datetime.fromisoformat("May 1st"))
c("datetime.strptime.mismatch", lambda: datetime.datetime.strptime("2024/05/01", "%Y-%m-%d"))
c("datetime.strptime.bad_directive", lambda: datetime.datetime.strptime("2024", "%Y%Q"))
c("datetime.strptime.unconverted", lambda: datetime.datetime.strptime("2024-05-01 extra", "%Y-%m-%d"))
c("datetime.strptime.day_out_of_range", lambda: datetime.datetime.strptime("31/02/2024", "%d/%m/%Y"))
c("datetime.strptime.stray_percent", lambda: datetime.datetime.strptime("2024", "%Y%"))
c("datetime.timedelta.overflow", lambda: datetime.timedelta(days=10**10))
c("datetime.timezone.offset", lambda: datetime.timezone(datetime.timedelta(hours=25)))
c("datetime.fromtimestamp.range", lambda: datetime.datetime.fromtimestamp(1e20))
c("datetime.naive_aware_compare", lambda: datetime.datetime(2024, 1, 1) < datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc))
c("time.strptime.mismatch", lambda: time.strptime("noon", "%H:%M"))
c("time.strftime.tuple", lambda: time.strftime("%Y", (2024,)))

# pathlib
c("pathlib.read_text.missing", lambda: pathlib.Path("/nonexistent/errdex/notes.txt").read_text())
c("pathlib.relative_to", lambda: pathlib.PurePosixPath("/srv/app").relative_to("/home/user"))
c("pathlib.with_name.empty_path", lambda: pathlib.PurePosixPath("").with_name("x.txt"))
c("pathlib.with_name.invalid", lambda: pathlib.PurePosixPath("a/b").with_name(""))
c("pathlib.with_suffix.invalid", lambda: pathlib.PurePosixPath("a/b.txt").with_suffix("json"))
c("pathlib.joinpath.int", lambda: pathlib.PurePosixPath("a") / 3)
c("pathlib.iterdir.missing", lambda: list(pathlib.Path("/nonexistent/errdex").iterdir()))
c("pathlib.match.empty", lambda: pathlib.PurePosixPath("a").match(""))
c("pathlib.mkdir.exists", lambda: pathlib.Path(TMP).mkdir())
c("pathlib.rmdir.missing", lambda: pathlib.Path("/nonexistent/errdex/dir").rmdir())

# os and os.path
c("os.listdir.missing", lambda: os.listdir("/nonexistent/errdex"))
c("os.makedirs.exists", lambda: os.makedirs(TMP))
c("os.environ.missing", lambda: os.environ["ERRDEX_SURELY_UNSET"])
c("os.environ.set_int", lambda: os.environ.__setitem__("ERRDEX_WORKERS", 4))
c("os.remove.directory", lambda: os.remove(TMP))
c("os.fspath.int", lambda: os.fspath(7))
c("os.path.join.int", lambda: os.path.join("/srv", 42))
c("os.path.commonpath.empty", lambda: os.path.commonpath([]))
c("os.path.commonpath.mixed", lambda: os.path.commonpath(["/srv/a", "srv/b"]))
c("os.path.relpath.empty", lambda: os.path.relpath(""))
c("os.path.getsize.missing", lambda: os.path.getsize("/nonexistent/errdex/data.bin"))
c("os.urandom.negative", lambda: os.urandom(-1))

# shutil
c("shutil.copy.missing", lambda: shutil.copy("/nonexistent/errdex/src.txt", TMP))
c("shutil.copyfile.same", lambda: shutil.copyfile(tmpfile("same.txt", b"x"), os.path.join(TMP, "same.txt")))
c("shutil.rmtree.missing", lambda: shutil.rmtree("/nonexistent/errdex/tree"))
c("shutil.make_archive.format", lambda: shutil.make_archive(os.path.join(TMP, "out"), "rar"))
c("shutil.unpack_archive.format", lambda: shutil.unpack_archive(tmpfile("data.unknown", b"x")))
c("shutil.register_archive_format", lambda: shutil.register_archive_format("bogus", "not callable"))
c("shutil.chown.nothing", lambda: shutil.chown(TMP))
c("shutil.move.into_itself", lambda: shutil.move(TMP, os.path.join(TMP, "sub")))


# csv
def csv_strict_eof():
    list(csv.reader(['a,"b'], strict=True))


def csv_field_limit():
    old = csv.field_size_limit(10)
    try:
        list(csv.reader(["a" * 20]))
    finally:
        csv.field_size_limit(old)


c("csv.reader.strict_eof", csv_strict_eof)
c("csv.writer.need_escape", lambda: csv.writer(io.StringIO(), quoting=csv.QUOTE_NONE).writerow(["a,b"]))
c("csv.DictWriter.extra_field", lambda: csv.DictWriter(io.StringIO(), ["name"]).writerow({"name": "x", "age": 3}))
c("csv.Sniffer.no_delimiter", lambda: csv.Sniffer().sniff(""))
c("csv.reader.delimiter_length", lambda: csv.reader(["a"], delimiter="ab"))
c("csv.reader.field_limit", csv_field_limit)
c("csv.DictWriter.bad_extrasaction", lambda: csv.DictWriter(io.StringIO(), ["a"], extrasaction="drop"))


# configparser
def cp(text, **kw):
    p = configparser.ConfigParser(**kw)
    p.read_string(text)
    return p


c("configparser.duplicate_section", lambda: cp("[db]\nhost = a\n[db]\n"))
c("configparser.duplicate_option", lambda: cp("[db]\nhost = a\nhost = b\n"))
c("configparser.missing_section_header", lambda: cp("host = a\n"))
c("configparser.no_section", lambda: cp("[db]\n").get("cache", "size"))
c("configparser.no_option", lambda: cp("[db]\n").get("db", "port"))
c("configparser.interpolation_missing", lambda: cp("[db]\nurl = %(host)s/x\n").get("db", "url"))
c("configparser.interpolation_syntax", lambda: cp("[db]\nratio = 50%\n").get("db", "ratio"))
c("configparser.interpolation_depth", lambda: cp("[db]\na = %(b)s\nb = %(a)s\n").get("db", "a"))
c("configparser.getboolean", lambda: cp("[db]\nssl = maybe\n").getboolean("db", "ssl"))
c("configparser.getint", lambda: cp("[db]\nport = eighty\n").getint("db", "port"))
c("configparser.parsing_error", lambda: cp("[db]\n  indented continuation\n= value\n"))
c("configparser.add_section_default", lambda: configparser.ConfigParser().add_section("DEFAULT"))
c("configparser.set_non_string", lambda: cp("[db]\n").set("db", "port", 5432))


# argparse (exit_on_error=False: errors raise instead of exiting)
def ap():
    return argparse.ArgumentParser(prog="tool", exit_on_error=False)


def argparse_invalid_int():
    p = ap()
    p.add_argument("--workers", type=int)
    p.parse_args(["--workers", "four"])


def argparse_invalid_choice():
    p = ap()
    p.add_argument("--mode", choices=["fast", "safe"])
    p.parse_args(["--mode", "turbo"])


def argparse_conflict():
    p = ap()
    p.add_argument("-v", "--verbose", action="store_true")
    p.add_argument("-v", "--version", action="store_true")


def argparse_expected_one():
    p = ap()
    p.add_argument("--config")
    p.parse_args(["--config"])


def argparse_exclusive():
    p = ap()
    g = p.add_mutually_exclusive_group()
    g.add_argument("--json", action="store_true")
    g.add_argument("--yaml", action="store_true")
    p.parse_args(["--json", "--yaml"])


c("argparse.invalid_int", argparse_invalid_int)
c("argparse.invalid_choice", argparse_invalid_choice)
c("argparse.conflicting_option", argparse_conflict)
c("argparse.expected_one_argument", argparse_expected_one)
c("argparse.mutually_exclusive", argparse_exclusive)
c("argparse.unknown_action", lambda: ap().add_argument("--x", action="bogus"))
c("argparse.type_not_callable", lambda: ap().add_argument("--x", type="int"))
c("argparse.nargs_zero", lambda: ap().add_argument("--x", nargs=0))
c("argparse.option_prefix", lambda: ap().add_argument("x", "-y"))
c("argparse.dest_for_positional", lambda: ap().add_argument("x", dest="y"))

# urllib.parse and urllib.request
c("urllib.parse.invalid_ipv6", lambda: urllib.parse.urlsplit("http://[::1/path"), "urllib")
c("urllib.parse.port_not_int", lambda: urllib.parse.urlsplit("http://example.com:eighty/").port, "urllib")
c("urllib.parse.port_range", lambda: urllib.parse.urlsplit("http://example.com:99999/").port, "urllib")
c("urllib.parse.parse_qs_strict", lambda: urllib.parse.parse_qs("a&b=1", strict_parsing=True), "urllib")
c("urllib.parse.max_fields", lambda: urllib.parse.parse_qsl("a=1&b=2&c=3", max_num_fields=2), "urllib")
c("urllib.parse.urlencode_int", lambda: urllib.parse.urlencode(5), "urllib")
c("urllib.parse.quote_from_bytes", lambda: urllib.parse.quote_from_bytes("text"), "urllib")
c("urllib.request.unknown_type", lambda: urllib.request.Request("example.com/index.html"), "urllib")
c("urllib.request.unknown_scheme", lambda: urllib.request.urlopen("bogus://example.com/"), "urllib")
c("urllib.request.file_missing", lambda: urllib.request.urlopen("file:///nonexistent/errdex/page.html"), "urllib")

# ipaddress
c("ipaddress.ip_address", lambda: ipaddress.ip_address("10.0.0"))
c("ipaddress.octet_range", lambda: ipaddress.IPv4Address("256.1.1.1"))
c("ipaddress.host_bits", lambda: ipaddress.ip_network("10.0.0.1/24"))
c("ipaddress.netmask", lambda: ipaddress.IPv4Network("10.0.0.0/33"))
c("ipaddress.ipv6_hex", lambda: ipaddress.IPv6Address("::g"))
c("ipaddress.version_compare", lambda: ipaddress.ip_address("10.0.0.1") < ipaddress.ip_address("::1"))
c("ipaddress.leading_zero", lambda: ipaddress.IPv4Address("010.0.0.1"))
c("ipaddress.ip_network", lambda: ipaddress.ip_network("not-a-network"))
c("ipaddress.too_many_colons", lambda: ipaddress.IPv6Address("1:2:3:4:5:6:7:8:9"))

# decimal (the C implementation)
c("decimal.conversion", lambda: decimal.Decimal("12,50"))
c("decimal.division_by_zero", lambda: decimal.Decimal(1) / decimal.Decimal(0))
c("decimal.invalid_comparison", lambda: decimal.Decimal("NaN") < 1)
c("decimal.context_prec", lambda: decimal.Context(prec=-1))
c("decimal.quantize", lambda: decimal.Decimal("1e30").quantize(decimal.Decimal("0.01"), context=decimal.Context(prec=5)))

# fractions
c("fractions.invalid_literal", lambda: fractions.Fraction("one half"))
c("fractions.zero_denominator", lambda: fractions.Fraction(1, 0))
c("fractions.zero_denominator_string", lambda: fractions.Fraction("3/0"))
c("fractions.both_rational", lambda: fractions.Fraction(1.5, 2))
c("fractions.bad_type", lambda: fractions.Fraction(object()))
c("fractions.nan", lambda: fractions.Fraction(float("nan")))
c("fractions.limit_denominator", lambda: fractions.Fraction(1, 3).limit_denominator(0))


# zipfile
def zip_path():
    path = os.path.join(TMP, "archive.zip")
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("a.txt", "hello")
    return path


def zip_closed_write():
    zf = zipfile.ZipFile(io.BytesIO(), "w")
    zf.close()
    zf.writestr("a.txt", "x")


c("zipfile.bad_zip", lambda: zipfile.ZipFile(tmpfile("not-a-zip.zip", b"hello world")))
c("zipfile.bad_mode", lambda: zipfile.ZipFile(io.BytesIO(), "q"))
c("zipfile.missing_member", lambda: zipfile.ZipFile(zip_path()).read("b.txt"))
c("zipfile.missing_file", lambda: zipfile.ZipFile("/nonexistent/errdex/archive.zip"))
c("zipfile.open_mode", lambda: zipfile.ZipFile(zip_path()).open("a.txt", "a"))
c("zipfile.closed", zip_closed_write)
c("zipfile.timestamp_1980", lambda: zipfile.ZipInfo("a.txt", date_time=(1970, 1, 1, 0, 0, 0)))
c("zipfile.compression", lambda: zipfile.ZipFile(io.BytesIO(), "w", compression=99))

# tarfile
c("tarfile.not_tar", lambda: tarfile.open(tmpfile("not-a-tar.tar", b"hello world" * 100)))
c("tarfile.compression", lambda: tarfile.open(os.path.join(TMP, "x.tar"), "r:rar"))
c("tarfile.missing_member", lambda: tarfile.open(fileobj=io.BytesIO(b"\0" * 10240)).getmember("etc/passwd"))
c("tarfile.bad_mode", lambda: tarfile.open(os.path.join(TMP, "x.tar"), "q"))
c("tarfile.truncated_header", lambda: tarfile.TarInfo.frombuf(b"x" * 10, "utf-8", "strict"))
c("tarfile.nti", lambda: tarfile.nti(b"12a\0"))
c("tarfile.empty_header", lambda: tarfile.TarInfo.frombuf(b"\0" * 512, "utf-8", "strict"))

# base64 and binascii
c("base64.b64decode.padding", lambda: base64.b64decode("abc"))
c("base64.b64decode.validate", lambda: base64.b64decode("ab!c", validate=True))
c("base64.b32decode.padding", lambda: base64.b32decode("a"))
c("base64.b16decode.digit", lambda: base64.b16decode("zz"))
c("base64.b85decode.char", lambda: base64.b85decode("~~~~~"))
c("base64.a85decode.adobe", lambda: base64.a85decode(b"xyz~", adobe=True))
c("base64.b64encode.str", lambda: base64.b64encode("text"))
c("base64.b32decode.non_alphabet", lambda: base64.b32decode("1AAAAAAA"))
c("binascii.unhexlify", lambda: binascii.unhexlify("abc"))

# uuid
c("uuid.badly_formed", lambda: uuid.UUID("1234-not-a-uuid"))
c("uuid.no_argument", lambda: uuid.UUID())
c("uuid.int_range", lambda: uuid.UUID(int=-1))
c("uuid.bytes_length", lambda: uuid.UUID(bytes=b"short"))
c("uuid.version", lambda: uuid.UUID("12345678123456781234567812345678", version=9))


# email
def email_linefeed():
    m = email.message.EmailMessage()
    m["Subject"] = "hello\nBcc: victim@example.com"


c("email.utils.parsedate", lambda: email.utils.parsedate_to_datetime("yesterday"))
c("email.message.linefeed", email_linefeed)
c("email.message.attachment_maintype", lambda: email.message.EmailMessage().add_attachment(b"x"))
c("email.header.unknown_charset", lambda: email.header.Header("x", "bogus-charset"))
c("email.headerregistry.address", lambda: email.headerregistry.Address(display_name="x", addr_spec="a@b@c"))
c("email.message.set_content_type", lambda: email.message.EmailMessage().set_content(3.5))

# xml
c("xml.etree.no_element", lambda: ET.fromstring("<config>"))
c("xml.etree.mismatched_tag", lambda: ET.fromstring("<a><b></a>"))
c("xml.etree.empty", lambda: ET.fromstring(""))
c("xml.etree.invalid_predicate", lambda: ET.fromstring("<a/>").find("b[@x"))
c("xml.etree.undefined_entity", lambda: ET.fromstring("<a>&nbsp;</a>"))
c("xml.etree.absolute_path", lambda: ET.fromstring("<a/>").findall("/b"))
c("xml.dom.minidom.parse", lambda: xml.dom.minidom.parseString("<a"))
c("xml.sax.parse", lambda: xml.sax.parseString(b"<a>", xml.sax.handler.ContentHandler()))
c("xml.parsers.expat", lambda: xml.parsers.expat.ParserCreate().Parse(b"<a><", True))


# sqlite3
def db():
    conn = sqlite3.connect(":memory:")
    conn.execute("create table users (id integer primary key, email text unique)")
    conn.execute("insert into users (email) values ('a@example.com')")
    return conn


def sqlite_closed():
    conn = db()
    conn.close()
    conn.execute("select 1")


c("sqlite3.syntax", lambda: db().execute("selec * from users"))
c("sqlite3.no_table", lambda: db().execute("select * from orders"))
c("sqlite3.unique", lambda: db().execute("insert into users (email) values ('a@example.com')"))
c("sqlite3.bindings", lambda: db().execute("select * from users where id = ?", (1, 2)))
c("sqlite3.closed", sqlite_closed)
c("sqlite3.no_column", lambda: db().execute("select name from users"))

# struct
c("struct.unpack.size", lambda: struct.unpack("<I", b"\x01\x02"))
c("struct.pack.byte_range", lambda: struct.pack("b", 300))
c("struct.calcsize.bad_char", lambda: struct.calcsize("Y"))
c("struct.pack.count", lambda: struct.pack("ii", 1))
c("struct.pack.bytes", lambda: struct.pack("4s", "text"))

# codecs
c("codecs.lookup.unknown", lambda: codecs.lookup("utf-42"))
c("codecs.decode.utf8", lambda: codecs.decode(b"\xff\xfe", "utf-8"))
c("codecs.decode.hex", lambda: codecs.decode("abc", "hex"))
c("codecs.encode.idna_label", lambda: ("a" * 64 + ".com").encode("idna"))
c("codecs.decode.base64", lambda: codecs.decode(b"abc", "base64"))
c("codecs.decode.punycode", lambda: b"\x80".decode("punycode"))
c("codecs.incremental.final", lambda: codecs.getincrementaldecoder("utf-8")().decode(b"\xe2\x82", final=True))


# collections
def nt_replace():
    P = collections.namedtuple("Point", "x y")
    P(1, 2)._replace(z=3)


c("collections.deque.maxlen", lambda: collections.deque(maxlen=-1))
c("collections.namedtuple.duplicate", lambda: collections.namedtuple("Point", "x x"))
c("collections.namedtuple.keyword", lambda: collections.namedtuple("Point", "x def"))
c("collections.namedtuple.underscore", lambda: collections.namedtuple("Point", "x _y"))
c("collections.namedtuple.identifier", lambda: collections.namedtuple("2Point", "x"))
c("collections.namedtuple.make", lambda: collections.namedtuple("Point", "x y")._make([1, 2, 3]))
c("collections.namedtuple.replace", nt_replace)
c("collections.ChainMap.pop", lambda: collections.ChainMap({}, {"a": 1}).pop("a"))
c("collections.OrderedDict.popitem", lambda: collections.OrderedDict().popitem())
c("collections.UserDict.missing", lambda: collections.UserDict()["token"])
c("collections.deque.pop", lambda: collections.deque().pop())
c("collections.OrderedDict.move_to_end", lambda: collections.OrderedDict().move_to_end("k"))


# functools, itertools, operator
def total_ordering_none():
    @functools.total_ordering
    class Version:
        pass


def cached_property_twice():
    cp_ = functools.cached_property(lambda self: 1)

    class A:
        a = cp_
        b = cp_


def singledispatch_register():
    @functools.singledispatch
    def f(x):
        return x

    f.register(42)


c("functools.reduce.empty", lambda: functools.reduce(operator.add, []))
c("functools.total_ordering", total_ordering_none)
c("functools.cached_property.twice", cached_property_twice)
c("functools.singledispatch.register", singledispatch_register)
c("functools.partial.not_callable", lambda: functools.partial(5))
c("itertools.islice.negative", lambda: itertools.islice(range(3), -1))
c("itertools.combinations.negative", lambda: itertools.combinations("ab", -1))
c("itertools.chain.int", lambda: list(itertools.chain.from_iterable([1])))
c("itertools.pairwise.int", lambda: itertools.pairwise(7))
c("operator.itemgetter.index", lambda: operator.itemgetter(5)([1, 2]))
c("operator.attrgetter.name", lambda: operator.attrgetter(1))

# statistics
c("statistics.mean.empty", lambda: statistics.mean([]))
c("statistics.fmean.empty", lambda: statistics.fmean([]))
c("statistics.stdev.one", lambda: statistics.stdev([1.0]))
c("statistics.variance.one", lambda: statistics.variance([3]))
c("statistics.median.empty", lambda: statistics.median([]))
c("statistics.mode.empty", lambda: statistics.mode([]))
c("statistics.harmonic_mean.negative", lambda: statistics.harmonic_mean([1, -1]))
c("statistics.geometric_mean.zero", lambda: statistics.geometric_mean([0, 1]))
c("statistics.quantiles.n", lambda: statistics.quantiles([1, 2, 3], n=0))
c("statistics.quantiles.one", lambda: statistics.quantiles([1], n=4))
c("statistics.correlation.lengths", lambda: statistics.correlation([1, 2, 3], [1, 2]))
c("statistics.correlation.constant", lambda: statistics.correlation([1, 1, 1], [1, 2, 3]))
c("statistics.NormalDist.sigma", lambda: statistics.NormalDist(0, -1))
c("statistics.linear_regression.short", lambda: statistics.linear_regression([1], [2]))
c("statistics.pstdev.empty", lambda: statistics.pstdev([]))


# enum
class Color(enum.Enum):
    RED = 1
    GREEN = 2


class Perm(enum.Flag, boundary=enum.STRICT):
    R = 1
    W = 2


def enum_unique():
    @enum.unique
    class Status(enum.Enum):
        OK = 0
        FINE = 0


def enum_extend():
    class MoreColor(Color):
        BLUE = 3


def enum_redefine():
    class Size(enum.Enum):
        S = 1
        S = 2


c("enum.value", lambda: Color(5))
c("enum.name", lambda: Color["BLUE"])
c("enum.flag_strict", lambda: Perm(8))
c("enum.unique", enum_unique)
c("enum.extend", enum_extend)
c("enum.redefine", enum_redefine)
c("enum.functional_duplicate", lambda: enum.Enum("Mode", "A A"))


# dataclasses
def dc_mutable_default():
    @dataclasses.dataclass
    class Config:
        tags: list = []


def dc_order():
    @dataclasses.dataclass
    class Config:
        name: str = "x"
        port: int


def dc_frozen():
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int

    Point(1).x = 2


def dc_replace():
    @dataclasses.dataclass
    class Point:
        x: int

    dataclasses.replace(Point(1), z=2)


c("dataclasses.mutable_default", dc_mutable_default)
c("dataclasses.non_default_after_default", dc_order)
c("dataclasses.frozen", dc_frozen)
c("dataclasses.fields", lambda: dataclasses.fields(1))
c("dataclasses.asdict", lambda: dataclasses.asdict({"x": 1}))
c("dataclasses.replace", dc_replace)
c("dataclasses.field_both_defaults", lambda: dataclasses.field(default=1, default_factory=list))
c("dataclasses.make_dataclass_name", lambda: dataclasses.make_dataclass("C", ["class"]))

# string
c("string.Template.missing", lambda: string.Template("Hello $name").substitute({}))
c("string.Template.invalid", lambda: string.Template("Cost: $").substitute())
c("string.Template.unclosed", lambda: string.Template("${name").substitute(name="x"))
c("string.Formatter.index", lambda: string.Formatter().format("{0} {1}", "a"))
c("string.Formatter.key", lambda: string.Formatter().format("{user}"))

# logging
c("logging.config.no_version", lambda: logging.config.dictConfig({}))
c("logging.config.version", lambda: logging.config.dictConfig({"version": 2}))
c("logging.config.handler_class", lambda: logging.config.dictConfig({"version": 1, "handlers": {"console": {"class": "logging.NopeHandler"}}}))
c("logging.config.file_missing", lambda: logging.config.fileConfig("/nonexistent/errdex/logging.ini"))
c("logging.basicConfig.unknown", lambda: logging.basicConfig(colour=True))
c("logging.Formatter.style", lambda: logging.Formatter(style="!"))
c("logging.Formatter.invalid", lambda: logging.Formatter("%(message)d", validate=True).format(logging.makeLogRecord({"msg": "x"})))
c("logging.setLevel.unknown", lambda: logging.getLogger("errdex.devset").setLevel("LOUD"))
c("logging.config.formatter_missing", lambda: logging.config.dictConfig({"version": 1, "handlers": {"h": {"class": "logging.StreamHandler", "formatter": "nope"}}}))

# shlex, textwrap
c("shlex.split.quote", lambda: shlex.split('echo "unterminated'))
c("shlex.split.escape", lambda: shlex.split("echo trailing\\"))
c("shlex.quote.int", lambda: shlex.quote(5))
c("textwrap.wrap.width", lambda: textwrap.wrap("some text", width=0))
c("textwrap.placeholder", lambda: textwrap.TextWrapper(width=4, max_lines=1, placeholder=" [...]").fill("hello world"))
c("textwrap.shorten.width", lambda: textwrap.shorten("hello world", width=3))

# calendar
c("calendar.monthrange.month", lambda: calendar.monthrange(2024, 13))
c("calendar.weekday.day", lambda: calendar.weekday(2024, 2, 30))
c("calendar.setfirstweekday", lambda: calendar.setfirstweekday(9))
c("calendar.month_name.index", lambda: calendar.month_name[13])
c("calendar.formatmonth", lambda: calendar.TextCalendar().formatmonth(2024, 0))

# locale
c("locale.setlocale.unsupported", lambda: locale.setlocale(locale.LC_ALL, "xx_XX.bogus"))
c("locale.atof", lambda: locale.atof("1.2.3"))
c("locale.atoi", lambda: locale.atoi("seven"))

# gzip, bz2, lzma, zlib
c("gzip.decompress.not_gzip", lambda: gzip.decompress(b"plain text"))
c("gzip.open.mode", lambda: gzip.open(os.path.join(TMP, "x.gz"), "rq"))
c("gzip.decompress.truncated", lambda: gzip.decompress(gzip.compress(b"hello world")[:-12]))
c("gzip.GzipFile.mode", lambda: gzip.GzipFile(fileobj=io.BytesIO(), mode="z"))
c("bz2.decompress", lambda: bz2.decompress(b"not bzip2 data"))
c("bz2.compress.level", lambda: bz2.BZ2Compressor(12))
c("lzma.decompress", lambda: lzma.decompress(b"not xz data"))
c("lzma.format_filters", lambda: lzma.LZMACompressor(format=lzma.FORMAT_RAW))
c("zlib.decompress", lambda: zlib.decompress(b"not zlib data"))

# pickle (the C pickler, and the pure-Python one, pickle._loads/_dumps)
c("pickle.loads.key", lambda: pickle.loads(b"xyz"))
c("pickle.loads.eof", lambda: pickle.loads(b""))
c("pickle.dumps.lock", lambda: pickle.dumps(threading.Lock()))
c("pickle.python_loads.key", lambda: pickle._loads(b"xyz"))
c("pickle.python_loads.eof", lambda: pickle._loads(b""))
c("pickle.python_dumps.protocol", lambda: pickle._dumps(1, protocol=9))
c("pickle.python_loads.truncated", lambda: pickle._loads(pickle.dumps([1, 2, 3])[:-3]))

# plistlib, tomllib, netrc
c("plistlib.loads.invalid", lambda: plistlib.loads(b"garbage data"))
c("plistlib.dumps.type", lambda: plistlib.dumps({"a": object}))
c("plistlib.dumps.key", lambda: plistlib.dumps({1: 2}))
c("plistlib.loads.format", lambda: plistlib.loads(b"x", fmt=99))
c("tomllib.loads.value", lambda: tomllib.loads("name = "))
c("tomllib.loads.overwrite", lambda: tomllib.loads("a = 1\na = 2\n"))
c("tomllib.loads.table", lambda: tomllib.loads("[server\nport = 1\n"))
c("tomllib.loads.bytes", lambda: tomllib.loads(b"a = 1"))
c("tomllib.loads.invalid_date", lambda: tomllib.loads("d = 2024-13-01\n"))
c("tomllib.loads.unclosed_string", lambda: tomllib.loads('s = "abc\n'))
c("netrc.parse", lambda: netrc.netrc(tmpfile("netrc", b"bogus x\n")))

# importlib, pkgutil, runpy, zipimport
c("importlib.import_module.missing", lambda: importlib.import_module("errdex_no_such_module"))
c("importlib.import_module.relative", lambda: importlib.import_module(".sibling"))
c("importlib.import_module.submodule", lambda: importlib.import_module("json.no_such_submodule"))
c("importlib.reload.type", lambda: importlib.reload("json"))
c("importlib.metadata.version", lambda: importlib.metadata.version("errdex-no-such-distribution"))
c("pkgutil.resolve_name.attribute", lambda: pkgutil.resolve_name("json:no_such_function"))
c("pkgutil.resolve_name.format", lambda: pkgutil.resolve_name("1json"))
c("runpy.run_module.missing", lambda: runpy.run_module("errdex_no_such_module"))
c("zipimport.not_zip", lambda: zipimport.zipimporter(tmpfile("not-a-zip-import.zip", b"x")))
c("importlib.util.resolve_name", lambda: importlib.util.resolve_name("..x", "pkg"), "importlib")

# inspect, ast, dis, tokenize
c("inspect.signature.not_callable", lambda: inspect.signature(5))
c("inspect.getsource.builtin", lambda: inspect.getsource(len))
c("inspect.getfile.int", lambda: inspect.getfile(5))
c("inspect.bind.missing", lambda: inspect.signature(lambda host, port: 0).bind("localhost"))
c("inspect.bind.too_many", lambda: inspect.signature(lambda host: 0).bind("a", "b"))
c("inspect.bind.unexpected", lambda: inspect.signature(lambda host: 0).bind("a", timeout=3))
c("inspect.Parameter.name", lambda: inspect.Parameter("1st", inspect.Parameter.POSITIONAL_ONLY))
c("ast.parse.syntax", lambda: ast_module.parse("def broken(:\n    pass\n"), "ast")
c("ast.literal_eval.syntax", lambda: ast_module.literal_eval("{'a': 1"), "ast")
c("dis.dis.type", lambda: dis.dis(5))
c("tokenize.eof", lambda: list(tokenize.generate_tokens(io.StringIO('x = """unterminated\n').readline)))

# typing
c("typing.list.instantiate", lambda: typing.List[int]())
c("typing.typevar.single_constraint", lambda: typing.TypeVar("T", int))
c("typing.namedtuple.both", lambda: typing.NamedTuple("Point", [("x", int)], y=int))
c("typing.get_type_hints.forward", lambda: typing.get_type_hints(type("Handler", (), {"__annotations__": {"conn": "Connection"}})))
c("typing.union.empty", lambda: typing.Union[()])
c("typing.optional.arity", lambda: typing.Optional[int, str])
c("typing.callable.args", lambda: typing.Callable[[int]])
c("typing.literal.instantiate", lambda: typing.Literal["a"]())

# subprocess
c("subprocess.check", lambda: subprocess.run(["false"], check=True))
c("subprocess.missing_program", lambda: subprocess.run(["/nonexistent/errdex/tool", "--version"]))
def subprocess_timeout():
    proc = subprocess.Popen(["sleep", "5"])
    try:
        proc.wait(timeout=0.05)
    finally:
        proc.kill()
        proc.wait()


c("subprocess.timeout", subprocess_timeout)
c("subprocess.bufsize", lambda: subprocess.Popen(["true"], bufsize="line"))
c("subprocess.check_output", lambda: subprocess.check_output(["sh", "-c", "exit 3"]))

# hashlib, hmac, secrets, random
c("hashlib.new.unknown", lambda: hashlib.new("sha42"))
c("hashlib.sha256.str", lambda: hashlib.sha256("text"))
c("hashlib.pbkdf2.iterations", lambda: hashlib.pbkdf2_hmac("sha256", b"pw", b"salt", 0))
c("hmac.new.digestmod", lambda: hmac.new(b"key"))
c("hmac.new.key_type", lambda: hmac.new("key", digestmod="sha256"))
c("secrets.randbelow.zero", lambda: secrets.randbelow(0))
c("random.choice.empty", lambda: random.choice([]))
c("random.randrange.empty", lambda: random.randrange(0))
c("random.randint.order", lambda: random.randint(10, 1))
c("random.sample.larger", lambda: random.sample([1, 2], 3))
c("random.choices.weights", lambda: random.choices([1, 2], weights=[1]))
c("random.seed.type", lambda: random.seed(object()))
c("random.sample.set", lambda: random.sample({1, 2}, 1))
c("random.randrange.step", lambda: random.randrange(0, 10, 0))

# math and cmath (compiled)
c("math.sqrt.domain", lambda: math.sqrt(-1))
c("math.factorial.negative", lambda: math.factorial(-3))
c("math.log.zero", lambda: math.log(0))
c("math.comb.negative", lambda: math.comb(-1, 2))
c("math.exp.overflow", lambda: math.exp(1000))
c("cmath.log.zero", lambda: cmath.log(0))


# threading, queue, asyncio, concurrent.futures, multiprocessing
def thread_twice():
    t = threading.Thread(target=lambda: None)
    t.start()
    t.join()
    t.start()


def executor_shutdown():
    ex = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    ex.shutdown()
    ex.submit(print)


async def slow():
    await asyncio.sleep(1)


c("threading.start_twice", thread_twice)
c("threading.semaphore", lambda: threading.Semaphore(-1))
c("threading.release_unlocked", lambda: threading.Lock().release())
c("threading.condition_wait", lambda: threading.Condition().wait())
c("threading.rlock_release", lambda: threading.RLock().release())
c("queue.get_nowait", lambda: queue.Queue().get_nowait())
c("queue.put_nowait", lambda: (lambda q: (q.put_nowait(1), q.put_nowait(2)))(queue.Queue(1)))
c("queue.maxsize_join", lambda: queue.Queue().task_done())
c("asyncio.run.not_coroutine", lambda: asyncio.run(5))
c("asyncio.wait_for.timeout", lambda: asyncio.run(asyncio.wait_for(slow(), 0.01)))
c("asyncio.get_running_loop", lambda: asyncio.get_running_loop())
c("asyncio.queue.empty", lambda: asyncio.Queue().get_nowait())
c("concurrent.futures.max_workers", lambda: concurrent.futures.ThreadPoolExecutor(max_workers=0))
c("concurrent.futures.shutdown", executor_shutdown)
c("multiprocessing.pool.processes", lambda: multiprocessing.Pool(0))
c("multiprocessing.context", lambda: multiprocessing.get_context("teleport"))


# contextlib, copy, heapq, bisect, array, weakref
@contextlib.contextmanager
def no_yield():
    if False:
        yield


@contextlib.contextmanager
def two_yields():
    yield
    yield


def run_cm(cm):
    with cm():
        pass


c("contextlib.no_yield", lambda: run_cm(no_yield))
c("contextlib.two_yields", lambda: run_cm(two_yields))
c("contextlib.exitstack.not_cm", lambda: contextlib.ExitStack().enter_context(5))
c("copy.deepcopy.lock", lambda: copy.deepcopy({"lock": threading.Lock()}))
c("heapq.heappop.empty", lambda: heapq.heappop([]))
c("bisect.lo", lambda: bisect.bisect([1, 2], 1, lo=-1))
c("array.typecode", lambda: array.array("z"))
c("array.overflow", lambda: array.array("b", [300]))
c("weakref.ref.int", lambda: weakref.ref(5))


# unittest assertions (messages built by unittest/case.py)
def tc():
    return unittest.TestCase()


c("unittest.assertEqual", lambda: tc().assertEqual(4, 5))
c("unittest.assertTrue", lambda: tc().assertTrue(0))
c("unittest.assertIn", lambda: tc().assertIn("admin", ["user", "guest"]))
c("unittest.assertIsNone", lambda: tc().assertIsNone("value"))
c("unittest.assertAlmostEqual", lambda: tc().assertAlmostEqual(1.0, 1.1))
c("unittest.assertDictEqual", lambda: tc().assertDictEqual({"a": 1}, {"a": 2}))
c("unittest.assertListEqual", lambda: tc().assertListEqual([1, 2, 3], [1, 2, 4]))
c("unittest.assertRaises", lambda: tc().assertRaises(ValueError, int, "5"))
c("unittest.assertRegex", lambda: tc().assertRegex("version 2", r"^\d+$"))
c("unittest.TestCase.method", lambda: unittest.TestCase("test_nothing"))
c("unittest.assertCountEqual", lambda: tc().assertCountEqual([1, 1, 2], [1, 2, 2]))
c("unittest.assertGreater", lambda: tc().assertGreater(1, 2))
c("unittest.assertIsInstance", lambda: tc().assertIsInstance(3, str))
c("unittest.assertMultiLineEqual", lambda: tc().assertMultiLineEqual("a\nb\n", "a\nc\n"))

# warnings (an assert statement)
c("warnings.simplefilter.action", lambda: warnings.simplefilter("loudly"))
c("warnings.filterwarnings.category", lambda: warnings.filterwarnings("ignore", category=5))

# getopt, optparse, gettext
c("getopt.unrecognized", lambda: getopt.getopt(["-x"], "ab"))
c("getopt.requires_argument", lambda: getopt.getopt(["-o"], "o:"))
c("getopt.long_not_recognized", lambda: getopt.getopt(["--colour"], "", ["color"]))
c("getopt.long_requires_argument", lambda: getopt.getopt(["--output"], "", ["output="]))
c("getopt.long_not_unique", lambda: getopt.getopt(["--ver"], "", ["verbose", "version"]))
c("optparse.option_string", lambda: optparse.OptionParser().add_option("x"))
c("optparse.invalid_type", lambda: optparse.OptionParser().add_option("--n", type="integer"))
c("optparse.conflict", lambda: (lambda p: (p.add_option("-v"), p.add_option("-v")))(optparse.OptionParser()))
c("gettext.translation.missing", lambda: gettext.translation("errdex", localedir="/nonexistent/errdex/locale"))
c("gettext.c2py.syntax", lambda: gettext.c2py("n == "))

# graphlib, zoneinfo
c("graphlib.cycle", lambda: list(graphlib.TopologicalSorter({"a": ["b"], "b": ["a"]}).static_order()))
c("graphlib.done_before_prepare", lambda: graphlib.TopologicalSorter({"a": []}).done("a"))
c("graphlib.prepare_twice", lambda: (lambda t: (t.prepare(), t.prepare()))(graphlib.TopologicalSorter()))
c("zoneinfo.not_found", lambda: zoneinfo.ZoneInfo("Mars/Olympus_Mons"))
c("zoneinfo.key_type", lambda: zoneinfo.ZoneInfo(5))

# http
c("http.client.port", lambda: http.client.HTTPConnection("example.com:eighty"))
c("http.client.not_connected", lambda: http.client.HTTPConnection("example.com").getresponse())
c("http.client.putheader", lambda: http.client.HTTPConnection("example.com").putheader("X-A", "1"))
c("http.HTTPStatus.value", lambda: http.HTTPStatus(799))
c("http.cookies.key", lambda: http.cookies.SimpleCookie().__setitem__("bad key", "v"))
c("http.client.control_characters", lambda: http.client.HTTPConnection("example.com").putrequest("GET", "/a b"))

# sockets, ssl, signals, resources, users
c("socket.inet_aton", lambda: socket.inet_aton("300.1.1.1"))
c("socket.getservbyname", lambda: socket.getservbyname("errdex-no-such-service"))
c("ssl.protocol", lambda: ssl.SSLContext(999))
c("ssl.cafile_missing", lambda: ssl.create_default_context(cafile="/nonexistent/errdex/ca.pem"))
c("signal.number", lambda: signal.signal(999, signal.SIG_DFL))
c("resource.getrlimit", lambda: resource.getrlimit(999))
c("pwd.getpwnam", lambda: pwd.getpwnam("errdex-no-such-user"))
c("grp.getgrnam", lambda: grp.getgrnam("errdex-no-such-group"))

# wave, dbm, ctypes, unicodedata, wsgiref
c("wave.not_riff", lambda: wave.open(io.BytesIO(b"JUNKxxxxWAVE" + b"\0" * 32)))
c("wave.mode", lambda: wave.open(io.BytesIO(), "x"))
c("dbm.open.missing", lambda: dbm.open(os.path.join(TMP, "no-such-db"), "r"))
c("ctypes.cdll.missing", lambda: ctypes.CDLL("/nonexistent/errdex/libfoo.so"))
c("unicodedata.lookup", lambda: unicodedata.lookup("GREEK SMALL LETTER OMEGAA"))
c("unicodedata.name", lambda: unicodedata.name("\x00"))
c("wsgiref.headers.type", lambda: wsgiref.headers.Headers([("a", "b"), "c"]))


def chained_context():
    settings = {"host": "localhost"}
    try:
        return settings["port"]
    except KeyError:
        return int(settings.get("port_str", "unset"))


c("chained.keyerror_then_int", chained_context, "builtins")


# ---------------------------------------------------------------- runner

def frozen_source(filename):
    """Map "<frozen os>" to the stdlib source the module was frozen from."""
    mod = filename[len("<frozen "):-1]
    for cand in (mod.replace(".", "/") + ".py", mod.replace(".", "/") + "/__init__.py"):
        if os.path.exists(os.path.join(STDLIB, cand)):
            return cand
    return None


def stdlib_rel(filename):
    """The path of filename relative to the stdlib root, or None."""
    if filename.startswith("<frozen ") and filename.endswith(">"):
        return frozen_source(filename)
    if filename.startswith("<"):
        return None
    path = os.path.realpath(filename)
    if not path.startswith(STDLIB + os.sep):
        return None
    rel = os.path.relpath(path, STDLIB)
    if rel.startswith(("site-packages", "lib-dynload")):
        return None
    return rel.replace(os.sep, "/")


_raises = {}


def raise_node(rel, line):
    """The Raise or Assert statement of stdlib file rel spanning line."""
    if rel not in _raises:
        with open(os.path.join(STDLIB, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        _raises[rel] = [n for n in ast.walk(tree) if isinstance(n, (ast.Raise, ast.Assert))]
    best = None
    for node in _raises[rel]:
        if node.lineno <= line <= node.end_lineno and (best is None or node.lineno >= best.lineno):
            best = node
    return best


def message_form(node, exc, printed):
    """How the raise statement builds the message (see the module doc)."""
    if isinstance(exc, KeyError) and type(exc).__str__ is KeyError.__str__:
        return "keyerror-repr"
    if isinstance(node, ast.Assert):
        return "assert"
    value = node.exc
    if isinstance(value, ast.Call):
        if not value.args:
            return "no-message" if not printed else "class-built"
        arg = value.args[0]
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return "literal" if arg.value == printed else "class-built"
        if type(exc).__str__ is not BaseException.__str__ and not isinstance(exc, OSError):
            return "class-built"
        if isinstance(arg, ast.JoinedStr):
            return "f-string"
        if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Mod):
            return "%-format"
        if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add):
            return "concat"
        if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "format":
            return ".format"
        if isinstance(arg, ast.Name):
            return "variable"
        return "expression"
    if isinstance(value, (ast.Name, ast.Attribute)):
        return "object"
    return "expression"


def type_message(exc):
    """The "Type: message" lines as Python prints them, without a
    SyntaxError's File/caret block."""
    lines = "".join(traceback.format_exception_only(exc)).rstrip("\n").split("\n")
    if isinstance(exc, SyntaxError):
        while lines and lines[0].startswith("  "):
            lines.pop(0)
    return "\n".join(lines)


def record(name, module, exc, fn):
    tb = exc.__traceback__
    frames = []
    while tb is not None:
        frames.append((tb.tb_frame.f_code.co_filename, tb.tb_lineno, tb.tb_frame.f_code.co_name))
        tb = tb.tb_next
    expect, nearest, raised_by, form = None, None, "c", "c"
    for filename, line, func in reversed(frames):
        rel = stdlib_rel(filename)
        if rel is not None:
            nearest = {"path_suffix": rel, "line": line, "function": func}
            break
    inner = frames[-1]
    rel = stdlib_rel(inner[0])
    tm = type_message(exc)
    typ = tm.split(":", 1)[0] if ":" in tm.split("\n", 1)[0] else tm.split("\n", 1)[0]
    printed = tm[len(typ) + 2:] if tm.startswith(typ + ": ") else ""
    if rel is not None:
        node = raise_node(rel, inner[1])
        if node is not None and not (isinstance(node, ast.Raise) and node.exc is None):
            expect = {"path_suffix": rel, "line": inner[1], "function": inner[2]}
            raised_by = "python"
            form = message_form(node, exc, printed)
            nearest = None
        elif node is not None:
            raised_by, form = "reraise", "reraise"
    tw = twin(module, fn, exc) if expect is None else None
    out = []
    queries = [("type-message", tm), ("traceback", "".join(traceback.format_exception(exc)).rstrip("\n"))]
    if printed.strip():
        queries.append(("message", printed))
    for qform, query in queries:
        obj = {"id": f"{name}/{qform}", "form": qform, "module": module, "query": query,
               "expect": expect, "raised_by": raised_by, "message_form": form}
        if nearest is not None:
            obj["nearest"] = nearest
        if tw is not None:
            obj["twin"] = tw
        out.append(obj)
    return out


# Pure-Python twins: modules whose compiled accelerator has a pure-Python
# implementation in the standard library, and the accelerator to block to
# load it.
TWINS = {"json": "_json", "datetime": "_datetime", "decimal": "_decimal", "heapq": "_heapq",
         "bisect": "_bisect", "pickle": "_pickle", "functools": "_functools", "operator": "_operator"}


def run_pure(module, fn):
    """Run fn with module (a global of this script) re-imported without its
    accelerator; return the exception it raised, or None."""
    blocked = TWINS[module]
    names = [k for k in sys.modules if k == module or k.startswith(module + ".")]
    saved = {k: sys.modules[k] for k in names}
    saved_blocked = sys.modules.get(blocked)
    saved_global = globals()[module]
    try:
        for k in names:
            del sys.modules[k]
        sys.modules[blocked] = None  # makes "import _json" fail
        pure = importlib.import_module(module)
        for k in list(sys.modules):
            if k.startswith(module + "."):
                importlib.import_module(k)
        globals()[module] = pure
        try:
            fn()
        except BaseException as exc:  # noqa: BLE001
            exc.__traceback__ = exc.__traceback__.tb_next
            return exc
        return None
    finally:
        globals()[module] = saved_global
        for k in list(sys.modules):
            if k == module or k.startswith(module + "."):
                del sys.modules[k]
        sys.modules.update(saved)
        if saved_blocked is None:
            sys.modules.pop(blocked, None)
        else:
            sys.modules[blocked] = saved_blocked


def twin(module, fn, exc):
    """The raise site of the pure-Python twin of a compiled error: the same
    type and message raised by a Python statement of the stdlib."""
    if module not in TWINS:
        return None
    pexc = run_pure(module, fn)
    if pexc is None or type(pexc).__name__ != type(exc).__name__ or str(pexc) != str(exc):
        return None  # (the class may print as _pickle.X in one and pickle.X in the other)
    tb = pexc.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    rel = stdlib_rel(tb.tb_frame.f_code.co_filename)
    if rel is None:
        return None
    node = raise_node(rel, tb.tb_lineno)
    if node is None or isinstance(node, ast.Raise) and node.exc is None:
        return None
    return {"path_suffix": rel, "line": tb.tb_lineno, "function": tb.tb_frame.f_code.co_name}


def main():
    shutil.rmtree(TMP, ignore_errors=True)
    os.makedirs(TMP)
    names = set()
    failures = []
    rows = []
    for name, module, fn in CASES:
        if name in names:
            failures.append(f"{name}: duplicate case name")
            continue
        names.add(name)
        try:
            fn()
        except (SystemExit, KeyboardInterrupt) as exc:
            failures.append(f"{name}: raised {type(exc).__name__}, which a devset case must not")
            continue
        except BaseException as exc:  # noqa: BLE001 - every error is the point
            exc.__traceback__ = exc.__traceback__.tb_next  # drop this runner's frame
            rows.extend(record(name, module, exc, fn))
        else:
            failures.append(f"{name}: did not raise")
    shutil.rmtree(TMP, ignore_errors=True)
    if failures:
        sys.exit("gen_python.py: broken cases:\n  " + "\n  ".join(failures))
    out = sys.stdout
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
    summarise(rows)


def summarise(rows):
    cases = {r["id"].rsplit("/", 1)[0]: r for r in rows}
    count = collections.Counter
    print(f"cases: {len(cases)}, queries: {len(rows)}, modules: {len({r['module'] for r in cases.values()})}",
          file=sys.stderr)
    print("queries by form:", dict(count(r["form"] for r in rows)), file=sys.stderr)
    print("cases by raiser:", dict(count(r["raised_by"] for r in cases.values())), file=sys.stderr)
    print("cases by message form:", dict(count(r["message_form"] for r in cases.values())), file=sys.stderr)
    sites = {(r["expect"]["path_suffix"], r["expect"]["line"]) for r in cases.values() if r["expect"]}
    print(f"distinct expected sites: {len(sites)}", file=sys.stderr)
    print(f"compiled-code cases with a pure-Python twin: {sum('twin' in r for r in cases.values())}", file=sys.stderr)


if __name__ == "__main__":
    main()
