# -*- coding: latin-1 -*-

def f(x):
    raise ValueError("café %s" % x)
