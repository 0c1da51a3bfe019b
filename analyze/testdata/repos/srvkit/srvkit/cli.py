import argparse
import os
import sys

from srvkit.disaggregation.prefill import run_prefill
from srvkit.server_args import ServerArgs, check_server_args

LOG_LEVEL = os.environ.get("SRVKIT_LOG_LEVEL", "info")


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="srvkit")
    ServerArgs.add_cli_args(parser)
    parser.add_argument("--port", type=int, default=30000)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args(argv)
    if not 0 < args.port < 65536:
        raise SystemExit(f"--port must be between 1 and 65535, got {args.port}")
    return args


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    if LOG_LEVEL not in ("debug", "info", "warning"):
        raise ValueError(f"SRVKIT_LOG_LEVEL must be debug, info or warning, got {LOG_LEVEL!r}")
    server_args = ServerArgs(model_path=args.model_path, chunked_prefill_size=args.chunked_prefill_size)
    check_server_args(server_args)
    run_prefill(server_args, [])


if __name__ == "__main__":
    main()
