// Reporters of another file: their calls are sites (Link).
struct reader;
struct parse;

void reader_error(const struct reader *r, const char *error_message)
{
    report(r, error_message);
}

void parse_error_msg(struct parse *p, const char *zFormat, ...)
{
    p->count++;
    format_into(p, zFormat);
}
