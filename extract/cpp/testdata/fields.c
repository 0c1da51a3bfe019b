/* Errors recorded in a struct's message field, for the caller to print. */
struct stream { const char *msg; int state; };
struct parser { char *zErrMsg; const char *label; };

int inflate_header(struct stream *strm, unsigned hdr)
{
    if (hdr % 31) {
        strm->msg = (char *)"incorrect header check";
        return -3;
    }
    if ((hdr >> 8) != 8)
        strm->msg = "unknown compression method";
    return 0;
}

void parse_fail(struct parser *p, int code)
{
    p->zErrMsg = ("out of memory");
    p->label = "not an error field";  /* not an error message */
    strm_reset(p, "msg");              /* a call, not an assignment */
    p->zErrMsg = p->label;             /* not text written here */
}
