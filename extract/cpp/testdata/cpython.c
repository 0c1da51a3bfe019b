/* A C extension module written in the style of CPython's own modules. */
#include <Python.h>
#include <errno.h>
#include <stdio.h>

#define MAX_DEPTH 64
#define DEPTH_MSG "maximum nesting depth exceeded"

typedef struct {
    PyObject *error;
} module_state;

static PyObject *
parse_depth(PyObject *module, PyObject *arg)
{
    Py_ssize_t depth = PyLong_AsSsize_t(arg);
    if (depth < 0) {
        PyErr_SetString(PyExc_ValueError, "depth must be non-negative");
        return NULL;
    }
    if (depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_OverflowError, DEPTH_MSG);
        return NULL;
    }
    if (!PyUnicode_Check(arg)) {
        PyErr_Format(PyExc_TypeError,
                     "depth must be int, not %.200s",
                     Py_TYPE(arg)->tp_name);
        return NULL;
    }
    PyErr_Format(PyExc_ValueError, "depth %zd is over the limit of %d for %R",
                 depth, MAX_DEPTH, arg);
    return NULL;
}

static int
check_size(module_state *st, Py_ssize_t size, const char *what)
{
    const char *msg = NULL;
    if (size == 0) {
        msg = "empty buffer";
    }
    else if (size > 4096) {
        msg = "buffer too large";
    }
    if (msg != NULL) {
        PyErr_SetString(st->error, msg);
        return -1;
    }
    char buf[128];
    PyOS_snprintf(buf, sizeof(buf), "bad %s size %" PY_FORMAT_SIZE_T "d", what, size);
    PyErr_SetString(PyExc_IOError, buf);
    PyErr_SetObject(PyExc_KeyError, PyUnicode_FromFormat("missing key %U", what));
    return -1;
}

static PyObject *
open_file(PyObject *self, PyObject *args)
{
    const char *path;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return PyErr_SetFromErrnoWithFilename(PyExc_OSError, path);
    }
    void *mem = PyMem_Malloc(100);
    if (mem == NULL) {
        return PyErr_NoMemory();
    }
    if (self == NULL) {
        PyErr_BadInternalCall();
        return NULL;
    }
    _PyErr_Format(tstate, PyExc_RuntimeError,
                  "can't open %s: " "file is " "locked", path);
    Py_FatalError("module state is corrupt");
    PyErr_SetString(PyExc_EnvironmentError, "legacy alias \"quoted\"\n");
    return NULL;
}

/* An exception instance made from its message, then set
   (Modules/pyexpat.c's set_error). */
static PyObject *
set_parse_error(module_state *state, const char *reason, int lineno, int column)
{
    PyObject *buffer = PyUnicode_FromFormat("%s: line %i, column %i",
                                            reason, lineno, column);
    PyObject *err = PyObject_CallOneArg(state->error, buffer);
    PyErr_SetObject(state->error, err);
    PyObject *other = PyObject_CallFunctionObjArgs(PyExc_ValueError, buffer, NULL);
    PyErr_SetObject(PyExc_ValueError, other);
    PyObject *args = PyObject_CallOneArg(state->error, make_args(reason));
    PyErr_SetObject(state->error, args);
    return NULL;
}
