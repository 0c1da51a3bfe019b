# Message texts shared by the package's modules.
NOT_FOUND = "no such entry"
TOO_BIG = "value too large: the limit is " + str(100)
TEMPLATE = "bad value for %s"
