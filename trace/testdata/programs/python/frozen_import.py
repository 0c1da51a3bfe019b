import importlib

importlib.import_module("errdex_no_such_module")
