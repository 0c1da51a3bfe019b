#include "report.h"

void read_signature(const struct reader *r, int ok)
{
    if (!ok)
        reader_error(r, "Not a valid file");
}

void locate_table(struct parse *p, const char *name)
{
    parse_error_msg(p, "no such table: %s", name);
    parse_error_msg(p, "incomplete input");
}
