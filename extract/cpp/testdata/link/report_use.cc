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

int check_header(const struct reader *r, int bits)
{
    const char *errmsg = nullptr;
    if (bits == 0)
        errmsg = "Image width is zero";
    else if (bits > 16)
        errmsg = "Invalid bit depth";
    else
        return 1;
    reader_error(r, errmsg);
    return 0;
}
