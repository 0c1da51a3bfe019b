from srvkit.environ import envs


def check_staging_buffer(model_config, chunked_prefill_size):
    if not envs.SRVKIT_DISAGG_STAGING_BUFFER.get():
        return
    if model_config.use_mla:
        raise ValueError(
            "SRVKIT_DISAGG_STAGING_BUFFER is designed for non-MLA models; "
            "unset it for MLA models."
        )
    if chunked_prefill_size is None or chunked_prefill_size <= 0:
        raise ValueError(
            "SRVKIT_DISAGG_STAGING_BUFFER requires a positive chunked_prefill_size, "
            f"got {chunked_prefill_size}."
        )


def staging_buffer_bytes():
    size_mb = envs.SRVKIT_DISAGG_STAGING_BUFFER_SIZE_MB.get()
    if size_mb <= 0:
        raise ValueError(f"SRVKIT_DISAGG_STAGING_BUFFER_SIZE_MB must be positive, got {size_mb}")
    return size_mb * 1024 * 1024
