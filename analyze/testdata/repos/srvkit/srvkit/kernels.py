import sys

try:
    import triton
except ImportError:
    triton = None


def require_triton():
    if triton is None:
        raise ImportError("triton is not installed; run `pip install triton` to use the fused kernels")
    return triton


def select_backend(device):
    if sys.platform == "win32":
        raise RuntimeError("the fused kernels are not supported on Windows")
    if device not in ("cuda", "cpu"):
        raise NotImplementedError(f"backend for device {device!r} is not implemented")
    return device


def load_weights(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise FileNotFoundError(f"weights file {path} does not exist") from None


def set_timeout(timeout=30):
    if timeout <= 0:
        raise ValueError(f"timeout must be positive, got {timeout}")
    return timeout
