"""The staging buffer used to transfer KV caches of non-MLA models."""
from .environ import envs


def check_staging(model_is_mla, chunked_prefill_size):
    if envs.DISAGG_STAGING_BUFFER.get() > 0:
        if model_is_mla:
            raise ValueError("DISAGG_STAGING_BUFFER is designed for non-MLA models; unset it for MLA models.")
        if chunked_prefill_size <= 0:
            raise ValueError(
                f"DISAGG_STAGING_BUFFER requires a positive chunked_prefill_size, got {chunked_prefill_size}."
            )
