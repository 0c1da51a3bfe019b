#include <assert.h>
#include <err.h>

int parse_args(int argc, char **argv)
{
    assert(argc > 0 &&
           argv != NULL /* always set */);
    if (argc < 2)
        errx(2, "usage: %s FILE", argv[0]);
    if (argv[1][0] == '-')
        err(1, "cannot open %s", argv[1]);
    err(ctx, argv);  /* not BSD's err: the format is not text */
    return 0;
}

struct result;
struct result parse_key(const char *s)
{
    if (!s[0])
        return err(make_message("an invalid key appeared"));  /* a result's err(value), not BSD's err */
    return ok(s);
}
