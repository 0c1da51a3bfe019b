"""srvkit: a small serving toolkit (test fixture for errdex's analyses)."""
