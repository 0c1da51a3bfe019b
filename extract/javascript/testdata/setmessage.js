// Error classes whose constructor builds the message in steps, or in a
// method it calls (postcss's CssSyntaxError.setMessage).
class CssSyntaxError extends Error {
  constructor(message, line, column, file, plugin) {
    super(message);
    this.name = 'CssSyntaxError';
    this.reason = message;
    if (file) {
      this.file = file;
    }
    if (plugin) {
      this.plugin = plugin;
    }
    this.line = line;
    this.column = column;
    this.setMessage();
  }

  setMessage() {
    this.message = this.plugin ? this.plugin + ': ' : '';
    this.message += this.file ? this.file : '<css input>';
    if (typeof this.line !== 'undefined') {
      this.message += ':' + this.line + ':' + this.column;
    }
    this.message += ': ' + this.reason;
  }
}

class QueryError extends Error {
  constructor(reason, query) {
    super(reason);
    this.message = 'Query failed: ' + reason;
    if (query) {
      this.message += ` (query: ${query})`;
    }
  }
}

function tokenize(css) {
  if (css.open) throw new CssSyntaxError('Unclosed string', 1, 14);
  throw new QueryError('timeout', css.query);
}
