// A parser whose methods live on prototype objects under several names,
// raising through one method that adds the position to the message.
function Parser(input) {
  this.input = input;
  this.pos = 0;
}

var pe = Parser.prototype;

pe.raise = function(pos, message) {
  var loc = lineAt(this.input, pos);
  message += " (" + loc.line + ":" + loc.col + ")";
  var err = new SyntaxError(message);
  err.pos = pos;
  throw err
};

pe.raiseSoft = pe.raise;

var ps = Parser.prototype;

ps.readWord = function() {
  if (this.pos >= this.input.length) this.raise(this.pos, "Unterminated word");
  if (this.strict) this.raiseSoft(this.pos, "Word '" + this.word + "' is reserved");
};

class Failure extends Error {
  constructor(reason, mark) {
    super(reason);
    this.mark = mark;
  }

  static at(input, pos, reason) {
    throw new Failure(reason, { input, pos });
  }
}

function fail(state, reason) {
  Failure.at(state.input, state.pos, reason);
}

function readList(state) {
  if (state.done) fail(state, "unexpected end of the list");
}

// A status and a code before the message: the message is the argument
// named as one.
class ExitError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

class Program {
  exit(status, code, message) {
    if (this.exitCallback) {
      this.exitCallback(new ExitError(status, code, message));
    }
    process.exit(status);
  }

  error(message, opts) {
    this.exit(opts.status || 1, opts.code, message);
  }

  unknownFlag(flag) {
    this.error(`error: unknown flag '${flag}'`, { code: 'program.unknownFlag' });
  }
}

// A function that throws (or calls back with) the error it is given.
function sign(payload, callback) {
  function failure(err) {
    if (callback) {
      return callback(err);
    }
    throw err;
  }
  if (!payload) {
    return failure(new Error('payload is required'));
  }
}

// A message that prefixes itself.
function strictly(it, msg, mode) {
  if (!mode) return;
  msg = `strict mode: ${msg}`;
  if (mode === true) throw new Error(msg);
  it.warn(msg);
}

function checkKeys(it, key) {
  strictly(it, `unknown keyword: "${key}"`, it.strict);
}
