#include <stdarg.h>
#include <stdio.h>

struct decoder { const char *error; int offset; char buf[256]; };

/* Records the message: a reporter by its name and its parameter. */
static void *set_error(struct decoder *d, int offset, const char *message)
{
    d->offset = offset;
    d->error = message;
    return NULL;
}

/* A printf reporter: the last named parameter is the format. */
static void parser_error_msg(struct decoder *d, const char *zFormat, ...)
{
    va_list ap;
    va_start(ap, zFormat);
    vsnprintf(d->buf, sizeof d->buf, zFormat, ap);
    va_end(ap);
}

/* Not reporters: no message parameter, or no error in the name. */
static int is_error(const char *name) { return name[0] == '!'; }
static void record(struct decoder *d, const char *message) { d->error = message; }

void *decode_value(struct decoder *d, const char *s)
{
    if (*s == '\0')
        return set_error(d, -1, "Expected object or value");
    if (is_error(s))
        record(d, "ignored");
    if (*s == '[')
        parser_error_msg(d, "near \"%s\": unexpected token at %d", s, d->offset);
    parser_error_msg(d, "incomplete input");
    return NULL;
}
