'use strict';

const syntaxError = (type, char) => `Missing ${type}: "${char}" - use "\\${char}" to match literal characters`;

function parse(input) {
  if (input.endsWith('(')) throw new SyntaxError(syntaxError('closing', ')'));
  if (!input) throw missingArg(0, 'input');
  if (input === 'x') throw unknownType(3, input);
  throw getError({ message: `cannot parse ${input}`, code: 'EPARSE' });
}

// Declared after their use: function declarations are hoisted.
function missingArg(num, name) {
  return newException('EMISSINGARG', 'Missing required argument #' + (num + 1) + ' (' + name + ')');
}

function unknownType(num, type) {
  return newException('EUNKNOWNTYPE', `Unknown type ${type} in argument #${num + 1}`);
}

function newException(code, msg) {
  const err = new TypeError(msg);
  err.code = code;
  return err;
}

function getError({ message, code }) {
  return Object.assign(new Error(message), { code });
}

function compiled(a, b) {
  throw new Error("Hunk at line ".concat(a + 1, " contained invalid line ").concat(b));
}

function trimmed(n) {
  throw new Error(`
${n} interceptors are pending:
`.trim());
}

// A factory with one error per return.
function badToken(c) {
  if (c === undefined) {
    return new SyntaxError(`end of input at ${pos}`);
  }
  return new SyntaxError(`bad token '${c}' at ${pos}`);
}

function lexNext(c) {
  throw badToken(c);
}

// A method of this that builds the error thrown: the call is the site.
class QueryParser {
  unexpected(token) {
    return syntaxError(this.source, token.start, `Unexpected ${token.kind}.`);
  }
  fail(token) {
    return new SyntaxError(`Bad token ${token.kind}`);
  }
  parseDefinition(token) {
    if (token.done) throw this.fail(token);
    throw this.unexpected(token);
  }
}

// A factory bound at the end of the module, below its callers.
function parseRatio(text) {
  if (!/^\d+\/\d+$/.test(text)) {
    throw BadRatio();
  }
}
const BadRatio = function () { return new Error('Invalid ratio'); };

// The package's own DOMException (code first, then message) is not the
// platform's (message first).
var DOMException = errors.DOMException;
function insertNode(parent, node) {
  if (parent.locked) {
    throw new DOMException(DOMException.INVALID_STATE_ERR, 'Parent is locked for insertion');
  }
}

// A variable given a method factory's error in either branch, thrown
// after: either message (the catch parameter of the same name above is
// another variable).
function Tokenizer() {}
Tokenizer.prototype.error = function (reason, token) {
  const err = new Error(`invalid token ${token.id}: ${reason}`);
  err.token = token;
  return err;
};
Tokenizer.prototype.next = function (opts) {
  const token = this.read();
  try {
    token.val = JSON.parse(token.raw);
  } catch (err) {
    throw this.error('invalid JSON', token);
  }
  var err;
  if (opts.id !== token.id) {
    err = this.error(`expected ID ${opts.id}`, token);
  } else if (opts.val !== token.val) {
    err = this.error(`expected value ${opts.val}`, token);
  }
  if (!err) {
    return token;
  }
  throw err;
};
