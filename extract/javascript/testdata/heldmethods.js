// Methods called on objects whose class the file does not say: a
// parameter (state.raise(...)) or an object the instance holds
// (this.parser.raise(...)), known by name and arity.
var pp = Parser.prototype;

pp.raise = function (pos, message) {
  throw new SyntaxError(`${message} (at ${pos})`);
};
pp.raiseRecoverable = pp.raise;

function RegExpValidationState(parser) {
  this.parser = parser;
}

RegExpValidationState.prototype.raise = function raise(message) {
  this.parser.raiseRecoverable(this.start, "Invalid regular expression: /" + this.source + "/: " + message);
};

function eatCapturingGroup(state) {
  if (!state.eat(0x29)) {
    state.raise("Unterminated group");
  }
}

function eatQuantifier(state, other) {
  state.raise(1, 2, "three arguments: no raise of that arity"); // none
  other.expect("]"); // none: two methods called expect take one argument
}

function Tokenizer() {}
Tokenizer.prototype.expect = function expect(value) {
  throw new Error("expected '" + value + "'");
};
Tokenizer.prototype.skip = function skip(value) {
  throw new Error("cannot skip '" + value + "'");
};
function Lexer() {}
Lexer.prototype.expect = function expect(token) {
  throw new Error("token " + token + " expected");
};

function Reader(tn) {
  this.tn = tn;
}
Reader.prototype.read = function read() {
  this.tn.skip(";");
  this.tn.expect(";"); // none: ambiguous
};

function notAParam() {
  const state = makeState();
  state.raise("a local object, not a parameter"); // none
}

// A method patched onto a local object has the name of the platform's:
// response.once(...) calls the stream's once, not this one.
function makeRequest(result) {
  result.once = function (event, handler) {
    throw new Error(`Unknown promise event: ${event}`);
  };
  return result;
}
function onResponse(response) {
  response.once('error', () => {}); // none
}
