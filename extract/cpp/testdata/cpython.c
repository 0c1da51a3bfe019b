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

/* ImportError's own setters (Python/ceval.c's import_from). */
static PyObject *
import_name(PyObject *name, PyObject *pkgname, PyObject *pkgpath)
{
    PyObject *errmsg = PyUnicode_FromFormat("cannot import name %R from %R (%S)",
                                            name, pkgname, pkgpath);
    PyErr_SetImportError(errmsg, pkgname, pkgpath);
    PyErr_SetImportErrorSubclass(PyExc_ModuleNotFoundError,
                                 PyUnicode_FromString("no module here"), name, NULL);
    return NULL;
}

/* A helper that sets a module state's exception with the message its
   caller passes (Modules/_io/textio.c's _unsupported), and a format
   chosen by a condition (Objects/descrobject.c's property_descr_set). */
static PyObject *
unsupported(module_state *state, const char *message)
{
    PyErr_SetString(state->error, message);
    return NULL;
}

static int
property_set(PyObject *name, PyObject *qualname, PyObject *value, PyObject *other)
{
    if (value == NULL) {
        return unsupported(get_state(), "not readable") ? 0 : -1;
    }
    PyErr_Format(PyExc_AttributeError,
                 value == NULL ?
                 "property %R of %R object has no deleter" :
                 "property %R of %R object has no setter",
                 name, qualname);
    PyErr_SetObject(state->error, other);
    return -1;
}

/* A format held by a variable assigned a condition (Python/ceval.c's
   import_from). */
static void
import_from(PyObject *name, PyObject *pkgname, PyObject *pkgpath, int initializing)
{
    const char *fmt =
        initializing ?
        "cannot import name %R from partially initialized module %R "
        "(most likely due to a circular import) (%S)" :
        "cannot import name %R from %R (%S)";
    PyObject *errmsg = PyUnicode_FromFormat(fmt, name, pkgname, pkgpath);
    PyErr_SetImportError(errmsg, pkgname, pkgpath);
}

/* CPython's static strings (Objects/listobject.c). */
_Py_DECLARE_STR(list_err, "list index out of range");

static PyObject *
list_item(PyListObject *a, Py_ssize_t i)
{
    if (i < 0) {
        _Py_DECLARE_STR(neg_err, "negative index");
        PyErr_SetObject(PyExc_IndexError, &_Py_STR(neg_err));
        return NULL;
    }
    if (i >= Py_SIZE(a)) {
        PyErr_SetObject(PyExc_IndexError, &_Py_STR(list_err));
        return NULL;
    }
    PyErr_SetObject(PyExc_AttributeError, &_Py_ID(__spec__));
    PyErr_SetObject(PyExc_KeyError, &_Py_STR(undeclared));
    return NULL;
}

/* A helper whose text parameters are parts of its message, none named
   as a message (Python/getargs.c's _PyArg_BadArgument, called by
   Argument Clinic's code). */
void
bad_argument(const char *fname, const char *displayname,
             const char *expected, PyObject *arg)
{
    PyErr_Format(PyExc_TypeError,
                 "%.200s() %.200s must be %.50s, not %.50s",
                 fname, displayname, expected,
                 arg == Py_None ? "None" : Py_TYPE(arg)->tp_name);
}

static PyObject *
heappush(PyObject *module, PyObject *const *args)
{
    if (!PyList_Check(args[0])) {
        bad_argument("heappush", "argument 1", "list", args[0]);
        return NULL;
    }
    bad_argument("heappush", name_of(args[1]), "int", args[1]);
    return NULL;
}

/* The same through a forwarding macro (Python/ast.c's
   validate_nonempty_seq): the call's text is part of the message. */
static int
_validate_nonempty_seq(PyObject *seq, const char *what, const char *owner)
{
    if (seq == NULL) {
        PyErr_Format(PyExc_ValueError, "empty %s on %s", what, owner);
        return 0;
    }
    return 1;
}
#define validate_nonempty_seq(seq, what, owner) _validate_nonempty_seq((PyObject *)seq, what, owner)

static int
validate_body(PyObject *body, const char *owner)
{
    return validate_nonempty_seq(body, "body", owner) &&
           validate_nonempty_seq(body, "targets", "Delete");
}

/* Errors set in macros' bodies (Modules/_io/textio.c, Modules/hashlib.h). */
#define CHECK_CLOSED(self) \
    do { \
        if (self == NULL) { \
            PyErr_SetString(PyExc_ValueError, \
                            "I/O operation on " "closed file."); \
            return NULL; \
        } \
    } while (0)
#define GET_BUFFER_VIEW_OR_ERROUT(obj, view) do { \
        if (PyUnicode_Check((obj))) { \
            PyErr_SetString(PyExc_TypeError, "Strings must be encoded before hashing"); \
            return NULL; \
        } \
        if (!PyObject_CheckBuffer((obj))) { \
            PyErr_Format(PyExc_TypeError, "object supporting the buffer API required, not %.100s", Py_TYPE(obj)->tp_name); \
            return NULL; \
        } \
    } while (0)
#define SET_STATE_ERROR(st, msg) PyErr_SetString((st)->error, msg)

/* A decoding error made from its reason, through helpers that pass the
   reason on (Objects/unicodeobject.c's make_decode_exception and
   unicode_decode_call_errorhandler_writer); a format passed on is not
   followed. */
static void
make_decode_exception(PyObject **exc, const char *encoding, const char *input,
                      Py_ssize_t length, Py_ssize_t startpos, Py_ssize_t endpos,
                      const char *reason)
{
    *exc = PyUnicodeDecodeError_Create(encoding, input, length, startpos, endpos, reason);
}

static int
call_errorhandler(const char *errors, const char *encoding, const char *reason,
                  const char *input, Py_ssize_t startpos, PyObject **exc)
{
    make_decode_exception(exc, encoding, input, 4, startpos, startpos + 1, reason);
    return -1;
}

static PyObject *
decode_utf8(const char *s, Py_ssize_t size, const char *errors)
{
    PyObject *exc = NULL;
    const char *errmsg = "";
    if (s[0] == 0) {
        errmsg = "unexpected end of data";
    }
    else {
        errmsg = "invalid start byte";
    }
    call_errorhandler(errors, "utf-8", errmsg, s, 0, &exc);
    return NULL;
}

static int
parse_args(PyObject *args, const char *format, int flags)
{
    PyErr_Format(PyExc_SystemError, "%.200s: '%.200s'", "bad format", format);
    return 0;
}

static int
parse_tuple(PyObject *args, const char *format)
{
    return parse_args(args, format, 0);
}

/* An encoding error made by calling its class, raised through helpers
   (Objects/unicodeobject.c's make_encode_exception). */
static void
make_encode_exception(PyObject **exc, const char *encoding, PyObject *unicode,
                      Py_ssize_t startpos, Py_ssize_t endpos, const char *reason)
{
    *exc = PyObject_CallFunction(PyExc_UnicodeEncodeError, "sOnns",
                                 encoding, unicode, startpos, endpos, reason);
}

static PyObject *
encode_ucs1(PyObject *unicode, int limit)
{
    PyObject *exc = NULL;
    const char *encoding = (limit == 256) ? "latin-1" : "ascii";
    const char *reason = (limit == 256) ? "ordinal not in range(256)" : "ordinal not in range(128)";
    make_encode_exception(&exc, encoding, unicode, 0, 1, reason);
    PyObject_CallFunction(PyExc_ValueError, "s", "not an encoding error");
    return NULL;
}
