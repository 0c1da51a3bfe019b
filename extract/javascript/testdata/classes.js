class NotFoundError extends Error {
  constructor(resource, id) {
    super(`${resource} ${id} not found`);
    this.name = 'NotFoundError';
  }
}

class ValidationError extends Error {
  constructor(field, message = 'is invalid') {
    super();
    this.field = field;
    this.message = `${field} ${message}`;
  }
}

class Timeout extends Error {
  message = 'operation timed out';
}

class Inherits extends NotFoundError {}

class Passes extends NotFoundError {
  constructor(id) {
    super('user', id);
  }
}

function lookup(id, value) {
  if (!id) throw new NotFoundError('item', id);
  if (value === '') throw new ValidationError('value');
  if (value === ' ') throw new ValidationError('value', 'must not be blank');
  if (value === 't') throw new Timeout();
  if (value === 'i') throw new Inherits('widget', 7);
  throw new Passes(id);
}

// A static method of the file building the message, as generated parsers
// do (peg$SyntaxError.buildMessage(expected, found)).
class GrammarSyntaxError extends Error {
  constructor(message, expected, found) {
    super(message);
    this.expected = expected;
    this.found = found;
  }

  static buildMessage(expected, found) {
    return 'Expected ' + expected.join(', ') + ' but ' + (found ? '"' + found + '"' : 'end of input') + ' found.';
  }
}

function failAt(expected, found) {
  throw new GrammarSyntaxError(GrammarSyntaxError.buildMessage(expected, found), expected, found);
}
