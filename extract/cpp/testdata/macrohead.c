/* A reporter whose header a macro writes: the grammar reads a call
 * statement and a block, without syntax errors. */
#define LIB_FUNCTION(type, name, args, attributes) attributes type name args

LIB_FUNCTION(void,
lib_error,(const struct lib_state *state, const char *error_message),
    LIB_NORETURN)
{
   report(state, error_message);
   abort();
}

void read_signature(struct lib_state *state, int ok)
{
   if (!ok)
      lib_error(state, "Not a valid file");
}

/* Not a reporter: no message parameter. */
LIB_FUNCTION(int,
lib_check,(const struct lib_state *state, int flags),
    LIB_PURE)
{
   return flags != 0;
}
