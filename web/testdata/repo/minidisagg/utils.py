"""Metadata buffers shared by the prefill and decode sides."""
from .environ import envs


class MetadataBuffers:
    def __init__(self, size, max_sampling_mask_tokens=None):
        if max_sampling_mask_tokens is None:
            max_sampling_mask_tokens = envs.DISAGG_SAMPLING_MASK_MAX_TOKENS.get()
        self.size = size
        self.max_mask_len = max_sampling_mask_tokens
        self.enable_sampling_mask = max_sampling_mask_tokens > 0
        self.masks = [None] * size

    def set_buf(self, idx, req):
        if idx < 0 or idx >= self.size:
            raise IndexError(f"buffer index {idx} out of range for {self.size} buffers")
        if req.return_sampling_mask:
            if not self.enable_sampling_mask:
                raise RuntimeError(
                    "return_sampling_mask with disaggregation requires "
                    "DISAGG_SAMPLING_MASK_MAX_TOKENS > 0."
                )
            mask_len = len(req.sampling_mask)
            if mask_len > self.max_mask_len:
                raise ValueError(
                    f"Sampling mask length {mask_len} exceeds disaggregation metadata "
                    f"capacity {self.max_mask_len}; raise DISAGG_SAMPLING_MASK_MAX_TOKENS."
                )
            self.masks[idx] = list(req.sampling_mask)
