"""The decode side: receives KV caches from the prefill side."""


def recv_kv_chunk(buffers, idx, req):
    if req.return_sampling_mask and not buffers.enable_sampling_mask:
        raise RuntimeError(
            "return_sampling_mask with disaggregation requires "
            "DISAGG_SAMPLING_MASK_MAX_TOKENS > 0."
        )
    return buffers.masks[idx]
