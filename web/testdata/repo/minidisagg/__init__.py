"""A miniature of a prefill/decode disaggregation server, for errdex's web tests."""
