"""Hostile text for errdex's escaping tests: every message, name and
comment here tries to run script in a page that shows it."""


def load(path):
    # </script><script>alert('xss-snippet')</script>
    raise ValueError("<script>alert('xss-message')</script> in \"" + path + "\" see javascript:alert('xss-link')")


class Evil:
    def run(self, x):
        if x == "<img src=x onerror=alert('xss-guard')>":
            raise RuntimeError(f"<img src=x onerror=alert('xss-hole')> {x!r} ' \" ` </textarea><script>alert('xss-textarea')</script>")
