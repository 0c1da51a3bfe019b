"""The prefill side: computes KV caches and sends them to the decode side."""
from .utils import MetadataBuffers


class Request:
    def __init__(self, rid, return_sampling_mask=False, sampling_mask=()):
        self.rid = rid
        self.return_sampling_mask = return_sampling_mask
        self.sampling_mask = sampling_mask


def send_kv_chunk(buffers, idx, req):
    buffers.set_buf(idx, req)


def main(mask_tokens=2048):
    buffers = MetadataBuffers(4)
    req = Request("r1", return_sampling_mask=True, sampling_mask=[1] * mask_tokens)
    send_kv_chunk(buffers, 0, req)


if __name__ == "__main__":
    main()
