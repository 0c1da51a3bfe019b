import os

print(os.environ["ERRDEX_SURELY_UNSET"])
