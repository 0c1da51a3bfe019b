/* Format helpers in the style of CPython's Objects/abstract.c and
   Python/ceval.c: the caller passes the format, the helper the values. */
#include <Python.h>

#define NAME_ERROR_MSG "name '%.200s' is not defined"

static PyObject *
type_error(const char *msg, PyObject *obj)
{
    PyErr_Format(PyExc_TypeError, msg, Py_TYPE(obj)->tp_name);
    return NULL;
}

static void
format_exc_check_arg(PyThreadState *tstate, PyObject *exc,
                     const char *format_str, PyObject *obj)
{
    const char *obj_str = PyUnicode_AsUTF8(obj);
    if (!obj_str) {
        return;
    }
    _PyErr_Format(tstate, exc, format_str, obj_str);
}

/* The exception is a parameter: a call names it, or raises nothing known. */
static void
raise_state(PyObject *state, const char *fmt, int code)
{
    PyErr_Format(state, fmt, code);
}

Py_ssize_t
object_size(PyThreadState *tstate, PyObject *o, PyObject *name)
{
    if (o == Py_None) {
        type_error("object of type '%.200s' has no len()", o);
        return -1;
    }
    if (name != NULL) {
        format_exc_check_arg(tstate, PyExc_NameError, NAME_ERROR_MSG, name);
        return -1;
    }
    raise_state(PyExc_ValueError, "code %d", 3);
    raise_state(o, "code %d", 4);
    type_error(dynamic_message(o), o);
    return 0;
}

/* The format is no parameter named as a message: no format helper. */
static void
report(PyObject *o, const char *name)
{
    PyErr_Format(PyExc_KeyError, name, o);
}

static void
lookup(PyObject *o)
{
    report(o, "missing %R");
}
