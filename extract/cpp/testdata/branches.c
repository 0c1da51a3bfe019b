/* A message variable assigned in branches without braces: each branch is
 * one alternative, none replaces the others. */
void chunk_error(const void *p, const char *error_message) { report(p, error_message); }

int handle(const void *p, int mode)
{
    const char *errmsg = NULL;
    if (mode & 1)
        errmsg = "duplicate";
    else if (mode & 2)
        errmsg = "out of place";
    else
    {
        setup(p);
        return 0;
    }
    chunk_error(p, errmsg);
    return 1;
}

int scan(const void *p, int n)
{
    const char *what = "empty input";
    for (int i = 0; i < n; i++)
        if (bad(p, i))
            what = "bad byte";
    chunk_error(p, what);
    return 0;
}
