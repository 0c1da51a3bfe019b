#!/usr/bin/env python3
"""Split a case file into a tuning part and a held-out part.

    python3 testdata/devset/split.py testdata/devset/python.jsonl TUNE.jsonl HELDOUT.jsonl

A case goes to the held-out part when the first two bytes of the SHA-256 of
its base id (the id before the first "/", so that every form of one error
lands in the same part) read as a big-endian number are below 30% of
65536. The split is fixed: it depends on nothing but the ids. Tune on the
first part only; a held-out top-1 far below the tuning part's means the
tuning fitted the cases rather than the problem.
"""
import hashlib
import json
import sys

HELDOUT_SHARE = 0.30


def held_out(case_id):
    base = case_id.split("/", 1)[0]
    h = hashlib.sha256(base.encode("utf-8")).digest()
    return int.from_bytes(h[:2], "big") < HELDOUT_SHARE * 65536


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, tune, held = sys.argv[1:]
    counts = [0, 0]
    with open(src, encoding="utf-8") as f, open(tune, "w", encoding="utf-8") as t, \
            open(held, "w", encoding="utf-8") as h:
        for line in f:
            if not line.strip():
                continue
            out = h if held_out(json.loads(line)["id"]) else t
            out.write(line)
            counts[out is h] += 1
    print(f"tuning {counts[0]} cases, held out {counts[1]}", file=sys.stderr)


if __name__ == "__main__":
    main()
