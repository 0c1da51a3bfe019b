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

/* Reporters whose names glue a word to "error" (Lua's luaG_runerror,
   luaX_syntaxerror). */
void luaG_runerror(struct decoder *d, const char *fmt, ...);
static void lexerror(struct decoder *d, const char *msg, int token)
{
    parser_error_msg(d, "%s near token %d", msg, token);
}

void luaG_runerror(struct decoder *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->buf, sizeof d->buf, fmt, ap);
    va_end(ap);
}

void read_number(struct decoder *d, int n)
{
    if (n < 0)
        luaG_runerror(d, "attempt to %s a %s value", "index", "nil");
    if (n == 0)
        lexerror(d, "malformed number", n);
}

/* A message parameter that is part of the message it reports (Lua's
   luaL_argerror): each call's text takes the parameter's place. */
int arg_error(struct decoder *d, int arg, const char *extramsg)
{
    if (arg == 0)
        luaG_runerror(d, "bad argument (%s)", extramsg);
    luaG_runerror(d, "bad argument #%d to '%s' (%s)", arg, d->buf, extramsg);
    return 0;
}

int check_position(struct decoder *d, int pos)
{
    if (pos < 0)
        return arg_error(d, 2, "position out of bounds");
    return pos;
}

/* A call of an unknown function that formats its arguments: the format
   and exactly one argument for each conversion (lua_pushfstring). */
const char *push_fstring(struct decoder *d, const char *fmt, ...);

int type_error(struct decoder *d, int arg, const char *tname)
{
    const char *msg = push_fstring(d, "%s expected, got %s", tname, d->buf);
    return arg_error(d, arg, msg);
}

/* A reporter that passes its message on alone, with a position of its
   own (a reader's add_error(message, token)): its callers' texts are its
   sites, as they are of any reporter. */
static void add_error(struct decoder *d, const char *message, int token)
{
    d->offset = token;
    set_error(d, token, message);
}

void read_array(struct decoder *d, int token)
{
    if (token < 0)
        add_error(d, "Missing ',' or ']' in array declaration", token);
}
