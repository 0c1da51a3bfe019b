// Helpers that throw what their callers pass.
function fail(msg) {
  throw new Error(msg);
}

function requireOption(opts) {
  if (!opts.name) fail('option name is required');
  if (!opts.size) fail(`option size is required for ${opts.name}`);
  fail(opts.reason); // no literal text: no site of its own
}

class Parser {
  error(message, opts) {
    throw this.root.error(message, opts);
  }

  expected(description, index, found) {
    if (!found) {
      return this.error(`Expected ${description}.`, { index });
    }
    return this.error(`Expected ${description}, found "${found}" instead.`, { index });
  }

  attribute() {
    if (this.done) {
      return this.expected('closing square bracket', this.position);
    }
    this.error('Unexpected "=" found; an operator was already defined.');
  }
}

const check = (value) => {
  const bad = (what) => { throw new TypeError(`${what} must be a string`); };
  if (typeof value.id !== 'string') bad('id');
  throw fail('thrown at the call: the throw is the site');
};

function must(cond, msg) {
  if (!cond) fail(msg);
}

function load(file) {
  must(file.endsWith('.json'), 'only JSON files can be loaded');
}

// A helper called from a named arrow function, which shares this with
// its method, four levels below the literal text.
class Cli {
  exit(code, message) {
    throw new CliError(code, message);
  }

  fail(message) {
    this.exit(1, message);
  }

  convert(value, invalidMessage) {
    try {
      return Number(value);
    } catch (err) {
      this.fail(`${invalidMessage} ${err.message}`);
    }
  }

  register(option) {
    const handle = (val, invalidMessage) => {
      this.convert(val, invalidMessage);
    };
    this.on(option, (val) => {
      handle(val, `error: option '${option}' argument '${val}' is invalid.`);
    });
  }
}

// A helper called again with undefined for the key: no literal text,
// the key is the one the function derives.
class Registry {
  add(item, key) {
    if (Array.isArray(item)) {
      for (const it of item) this.add(it, undefined);
      return;
    }
    key = key || item.id;
    this.unique(key);
  }
  unique(id) {
    if (this.items[id]) throw new Error(`item with key "${id}" already exists`);
  }
  reset() {
    throw new Error(undefined);
  }
}

// A helper constructing a class whose constructor builds the message:
// its callers' messages are the class's, with their text.
class UnsupportedError extends Error {
  constructor(feature) {
    super(`compile does not support ${feature}; use the interpreter`);
  }
}

function numberBound(value, label) {
  if (typeof value !== 'number') {
    throw new UnsupportedError(`${label} bound of type ${typeof value}`);
  }
  return `${value}`;
}

function lengthCheck(def) {
  return numberBound(def.minimum, 'min_length');
}

// A call passing a variable that may be null chose no text: no site.
function assertText(input) {
  if (input == null) throw new TypeError('Expected a string but received a '.concat(input));
}

function isHost(url) {
  var host = null;
  if (url.includes('@')) host = url.split('@')[1];
  assertText(host);
}

// A helper whose message calls a function with a variable named like
// the helper's parameter: the callers fill only their own.
function tokenDesc(token) {
  const value = token.value;
  return `${token.kind} "${value}"`;
}

class KeywordParser {
  expectKeyword(value) {
    const token = this.token;
    if (token.value !== value) {
      throw new SyntaxError(`Expected "${value}", found ${tokenDesc(token)}.`);
    }
  }
  parseFragment() {
    this.expectKeyword('fragment');
  }
}

// A throw caught by its own try to capture a stack does not make its
// function a helper: its callers are no sites.
class Reporter {
  constructError(msg, column) {
    var error = new Error(msg);
    try {
      throw error;
    } catch (base) {
      error = Object.create(base);
    }
    return error;
  }
  createError(line, description) {
    return this.constructError('Line ' + line + ': ' + description, 0);
  }
}

// A method throwing what an imported factory makes of its message
// parameter (not of the code before it): its callers' text is the message.
var makeError = require('./make-error');
function Scanner(input) {
  this.input = input;
}
Scanner.prototype = {
  fail: function (code, message) {
    var err = makeError(code, message, { line: this.line });
    throw err;
  },
  indent: function () {
    this.fail('BAD_INDENT', 'Mixed indentation: expected ' + this.width + ' spaces');
  },
};

// Babel's loose classes store named functions on the prototype: the
// callers of the helper stored as _proto.fail are sites.
var Reader = /*#__PURE__*/ (function () {
  function Reader(tokens) {
    this.tokens = tokens;
  }
  var _proto = Reader.prototype;
  _proto.fail = function fail(msg, lineno) {
    throw new ReadError(msg, lineno);
  };
  _proto.readTag = function readTag() {
    var tok = this.next();
    this.fail('unknown tag: ' + tok.value, tok.lineno);
  };
  return Reader;
})();
