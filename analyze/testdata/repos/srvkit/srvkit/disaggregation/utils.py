from srvkit.environ import envs


class MetadataBuffers:
    def __init__(self, size, max_sampling_mask_tokens=None):
        if size <= 0:
            raise ValueError(f"MetadataBuffers size must be positive, got {size}")
        if max_sampling_mask_tokens is None:
            max_sampling_mask_tokens = envs.SRVKIT_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS.get()
        self.size = size
        self.max_mask_len = max_sampling_mask_tokens
        self.enable_sampling_mask = max_sampling_mask_tokens > 0
        self.masks = [None] * size

    def set_buf(self, req):
        if req.return_sampling_mask and not self.enable_sampling_mask:
            raise RuntimeError(
                "return_sampling_mask with disaggregation requires "
                "SRVKIT_DISAGGREGATION_SAMPLING_MASK_MAX_TOKENS > 0."
            )
        if req.return_sampling_mask:
            mask_len = len(req.sampling_mask)
            if mask_len > self.max_mask_len:
                raise RuntimeError(
                    f"Sampling mask length {mask_len} exceeds disaggregation metadata "
                    f"capacity {self.max_mask_len}."
                )
            self.masks[req.slot] = req.sampling_mask

    def get_buf(self, slot):
        if slot not in range(self.size):
            raise IndexError(f"slot {slot} out of range for {self.size} buffers")
        return self.masks[slot]
