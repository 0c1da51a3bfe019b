from .utils import MetadataBuffers


class PrefillBootstrap:
    def __init__(self, server_args):
        self.server_args = server_args
        self.metadata_buffers = MetadataBuffers(server_args.max_running_requests)

    def send_kv_chunk(self, req, last_chunk):
        if last_chunk:
            self.metadata_buffers.set_buf(req)
        return req.slot


def run_prefill(server_args, requests):
    bootstrap = PrefillBootstrap(server_args)
    for req in requests:
        bootstrap.send_kv_chunk(req, last_chunk=True)
