'use strict';

// A command-line parser writes its error to stderr, then throws it for
// the caller (commander does): Node prints the location of the throw
// below the program's own line, then the exception.
class UsageError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'UsageError';
    this.code = code;
  }
}

function fail(message) {
  process.stderr.write(message + '\n');
  const err = new UsageError(message, 'usage.excess');
  throw err;
}

function parse(args) {
  if (args.length > 1) {
    fail(`error: too many arguments. Expected 1 argument but got ${args.length}.`);
  }
}

parse(['a', 'b']);
