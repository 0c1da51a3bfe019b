/* The shape of CPython's int(str, base) error path (Objects/longobject.c),
   written for this test: the message Python prints for int('x') is
   "invalid literal for int() with base 10: 'x'". */
#include <Python.h>

static PyObject *
long_from_string_base(const char *str, int base, PyObject *orig)
{
    PyObject *strobj;
    Py_ssize_t slen = strlen(str);
    if ((base != 0 && base < 2) || base > 36) {
        PyErr_SetString(PyExc_ValueError,
                        "int() arg 2 must be >= 2 and <= 36");
        return NULL;
    }
    strobj = PyUnicode_FromStringAndSize(str, slen);
    if (strobj == NULL) {
        return NULL;
    }
    PyErr_Format(PyExc_ValueError,
                 "invalid literal for int() with base %d: %.200R",
                 base, strobj);
    Py_DECREF(strobj);
    return NULL;
}
