#!/usr/bin/env python3
"""Generate errdex's second held-out Python case file from real runs.

    python3 testdata/devset/gen_holdout.py > testdata/devset/python-holdout.jsonl

The cases were written by hand, after the matcher's tuning had started,
from modules that python.jsonl does not cover (pprint, difflib, fileinput,
shelve, mailbox, xmlrpc, aifc, sunau, uu, doctest, timeit, pstats, copyreg,
zipapp, selectors, webbrowser, ftplib, imaplib, pickletools, pydoc, chunk,
sched, string.Template...). Nothing in errdex was tuned on them:
they measure how the matcher does on messages it was not shaped by. The
recording (query forms, expectations, twins) is gen_python.py's, imported
from it, so both files follow the same rules (see its module doc).
"""

import io
import os
import sys

if os.environ.get("PYTHONHASHSEED") != "0" or os.environ.get("ERRDEX_DEVSET_CHILD") != "1":
    env = dict(os.environ, PYTHONHASHSEED="0", LC_ALL="C.UTF-8", LANG="C.UTF-8", TZ="UTC",
               ERRDEX_DEVSET_CHILD="1", PYTHONDONTWRITEBYTECODE="1")
    os.execve(sys.executable, [sys.executable, os.path.abspath(__file__)] + sys.argv[1:], env)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_python as gen  # noqa: E402  (the recording machinery; its cases are not run)

gen.CASES.clear()
c = gen.c

import aifc  # noqa: E402
import chunk  # noqa: E402
import copyreg  # noqa: E402
import difflib  # noqa: E402
import doctest  # noqa: E402
import fileinput  # noqa: E402
import ftplib  # noqa: E402
import imaplib  # noqa: E402
import mailbox  # noqa: E402
import pickletools  # noqa: E402
import pprint  # noqa: E402
import pstats  # noqa: E402
import pydoc  # noqa: E402
import sched  # noqa: E402
import selectors  # noqa: E402
import shelve  # noqa: E402
import string  # noqa: E402
import sunau  # noqa: E402
import timeit  # noqa: E402
import uu  # noqa: E402
import webbrowser  # noqa: E402
import xmlrpc.client  # noqa: E402
import zipapp  # noqa: E402


def closed_shelf():
    s = shelve.Shelf({})
    s.close()
    return s["key"]


def maildir_missing():
    box = mailbox.Maildir(os.path.join(gen.TMP, "maildir"), create=True)
    return box.get_message("no-such-key")


def selector_unregister():
    with selectors.DefaultSelector() as sel:
        sel.unregister(5)


def selector_bad_fd():
    with selectors.DefaultSelector() as sel:
        sel.register(-1, selectors.EVENT_READ)


def selector_bad_events():
    with selectors.DefaultSelector() as sel:
        sel.register(0, 0)


def sched_cancel():
    s = sched.scheduler()
    event = s.enter(10, 1, print)
    s.cancel(event)
    s.cancel(event)


c("pprint.indent", lambda: pprint.PrettyPrinter(indent=-1))
c("pprint.width", lambda: pprint.PrettyPrinter(width=0))
c("pprint.depth", lambda: pprint.PrettyPrinter(depth=0))
c("difflib.close_matches.n", lambda: difflib.get_close_matches("apple", ["ape", "apply"], n=0))
c("difflib.close_matches.cutoff", lambda: difflib.get_close_matches("apple", ["ape"], cutoff=1.5))
c("fileinput.mode", lambda: fileinput.input(files=["a.txt"], mode="w"))
c("fileinput.inplace_hook", lambda: fileinput.FileInput(files=["a.txt"], inplace=True, openhook=open))
c("shelve.closed", closed_shelf)
c("mailbox.maildir.missing", maildir_missing)
c("xmlrpc.dumps.object", lambda: xmlrpc.client.dumps((object(),)), module="xmlrpc")
c("xmlrpc.loads.garbage", lambda: xmlrpc.client.loads("<methodResponse><bad"), module="xmlrpc")
c("aifc.not_form", lambda: aifc.open(io.BytesIO(b"JUNKxxxxxxxxxxxx")))
c("sunau.bad_magic", lambda: sunau.open(io.BytesIO(b"\x00" * 32)))
c("uu.no_begin", lambda: uu.decode(io.BytesIO(b"no begin line here\n"), io.BytesIO()))
c("doctest.blank_after_prompt", lambda: doctest.DocTestParser().parse(">>>print(1)\n1\n", "example"))
c("timeit.stmt_type", lambda: timeit.Timer(stmt=1))
c("pstats.bad_arg", lambda: pstats.Stats(42))
c("copyreg.not_callable", lambda: copyreg.pickle(complex, 1))
c("zipapp.missing_source", lambda: zipapp.create_archive(os.path.join(gen.TMP, "no-such-dir")))
c("selectors.unregister", selector_unregister)
c("selectors.bad_fd", selector_bad_fd)
c("selectors.bad_events", selector_bad_events)
c("webbrowser.get", lambda: webbrowser.get("errdex-no-such-browser"))
c("ftplib.parse227", lambda: ftplib.parse227("500 Syntax error, command unrecognized."))
c("ftplib.parse257", lambda: ftplib.parse257("550 Permission denied."))
c("imaplib.internaldate", lambda: imaplib.Time2Internaldate(object()))
c("pickletools.unknown_opcode", lambda: pickletools.dis(b"\xff"))
c("pydoc.not_found", lambda: pydoc.render_doc("errdex_no_such_module.thing"))
c("chunk.empty", lambda: chunk.Chunk(io.BytesIO(b"")))
c("copyreg.constructor_not_callable", lambda: copyreg.pickle(complex, lambda x: x, 1))
c("sched.cancel_twice", sched_cancel)
c("string.template.missing", lambda: string.Template("Hello $name").substitute({}))


if __name__ == "__main__":
    gen.main()
