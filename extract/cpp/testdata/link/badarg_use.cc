void bad_argument(const char *fname, const char *displayname, const char *expected, int got);

void heappush(int kind) {
    if (kind != 1) {
        bad_argument("heappush", "argument 1", "list", kind);
    }
    bad_argument("heappop", which(kind), "list", kind);
}
