package com.acme.select;

/** An exception whose constructor formats its message from varargs. */
public class QueryError extends IllegalStateException {
    public QueryError(String msg) {
        super(msg);
    }

    public QueryError(String format, Object... args) {
        super(String.format(format, args));
    }

    static void parse(String query, int pos) {
        if (pos < 0) {
            throw new QueryError("Cannot parse '%s': bad token at %d", query, pos);
        }
        if (query.isEmpty()) {
            throw new QueryError("Empty query");
        }
    }
}
