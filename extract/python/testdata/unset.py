class QueryError(Exception):
    def __init__(self, column, token, hint=None):
        super().__init__(column, token)
        self.column = column
        self.token = token
        self.hint = hint
        # Filled in by whoever catches the error and knows the query.
        self.query = None

    def __str__(self):
        return "bad token %r at column %s in %s (%s)" % (self.token, self.column, self.query, self.hint)


def compile_query(query):
    try:
        raise QueryError(3, "?")
    except QueryError as e:
        e.query = query
        raise
