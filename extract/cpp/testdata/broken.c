#include <Python.h>

static PyObject *ok(void) {
    PyErr_SetString(PyExc_ValueError, "before the error");
    return NULL;
}

static PyObject *broken(void) {
    int x = ;
    PyErr_SetString(PyExc_ValueError, "inside ] broken", ;
    return NULL;
}

static PyObject *after(void) {
    PyErr_SetString(PyExc_TypeError, "after the error");
    return NULL;
}
