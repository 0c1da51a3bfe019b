"""Loops before and around a raise: the else clause of a loop runs when
the loop ended without break; code after a loop that returns runs when
no iteration returned."""


def find(items, name):
    for item in items:
        if item.name == name:
            break
    else:
        raise KeyError(f"no item named {name}")
    return item


def first_match(items, pred):
    for item in items:
        if pred(item):
            return item
    raise LookupError("no item matches")


def wait(conn, retries):
    while retries > 0:
        if conn.ready():
            break
        retries -= 1
    else:
        raise TimeoutError("connection never became ready")


def search(rows, key):
    for row in rows:
        if row.key == key:
            return row
    else:
        raise KeyError(f"{key} not in rows")


def nested_break(lines):
    for line in lines:
        for ch in line:
            if ch == "#":
                break
    else:
        raise ValueError("the break above leaves the inner loop only")


def forever(sock):
    while True:
        data = sock.recv()
        if not data:
            break
    raise ConnectionError("closed without a return in the loop")
