import dataclasses
from typing import Optional


@dataclasses.dataclass
class ServerArgs:
    model_path: str = ""
    chunked_prefill_size: Optional[int] = None
    max_running_requests: int = 64
    disaggregation_mode: str = "null"

    def __post_init__(self):
        if self.disaggregation_mode not in ("null", "prefill", "decode"):
            raise ValueError(f"Unknown disaggregation mode: {self.disaggregation_mode}")
        if self.max_running_requests <= 0:
            raise ValueError("max_running_requests must be positive")

    @staticmethod
    def add_cli_args(parser):
        parser.add_argument("--model-path", type=str, default=ServerArgs.model_path)
        parser.add_argument("--chunked-prefill-size", type=int, default=ServerArgs.chunked_prefill_size)
        parser.add_argument("--max-running-requests", type=int, default=ServerArgs.max_running_requests)
        parser.add_argument("--disaggregation-mode", choices=["null", "prefill", "decode"], default="null")


def check_server_args(server_args):
    if server_args.disaggregation_mode == "prefill" and not server_args.model_path:
        raise ValueError("--model-path is required in prefill mode")
