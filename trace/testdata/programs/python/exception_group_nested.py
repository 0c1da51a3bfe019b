def f():
    raise ExceptionGroup("inner", [ValueError("v1")])
def g():
    try:
        f()
    except ExceptionGroup as e:
        raise ExceptionGroup("outer", [e, TypeError("t")]) from KeyError("k")
try:
    g()
except Exception as exc:
    try:
        raise ExceptionGroup("wide", [ValueError(i) for i in range(20)])
    except ExceptionGroup:
        raise RuntimeError("after")
