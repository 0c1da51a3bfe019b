const ERRORS = {
  INVALID_ENCODING: 'Invalid encoding provided. Please specify a valid encoding the internal Node.js Buffer supports.',
  INVALID_OFFSET: 'An invalid offset value was provided.',
  nested: { EOF: 'unexpected end of input' },
};
const CODES = Object.freeze({ E_PERM: 'operation not permitted' });

class Buf {
  check(encoding, offset) {
    if (!encoding) throw new Error(ERRORS.INVALID_ENCODING);
    if (offset < 0) throw new RangeError(offset ? ERRORS.INVALID_OFFSET : ERRORS['INVALID_ENCODING']);
    if (this.done) throw new Error(ERRORS.nested.EOF + ' at ' + offset);
    throw new Error(CODES.E_PERM);
  }
}

class Fields {
  constructor(opts) {
    this.#check = (value) => { throw new TypeError(`bad value ${value}`); };
  }
  #check;
}

// Compiled TypeScript reads its exported constants through exports.
exports.Cron = exports.LOOP_LIMIT_MESSAGE = void 0;
exports.LOOP_LIMIT_MESSAGE = 'Invalid expression, loop limit exceeded';
class Cron {
  next() {
    throw new Error(exports.LOOP_LIMIT_MESSAGE);
  }
}
exports.Cron = Cron;

// A helper that throws the entry of a table its argument names: each call
// reads its own entry.
const failures = {
  'overflow': 'Overflow: input needs wider integers',
  'not-basic': 'Illegal input >= 0x80',
};
function fail(type) {
  throw new RangeError(failures[type]);
}
function decode(input) {
  if (input.length > 99) fail('overflow');
  if (input.charCodeAt(0) >= 0x80) fail('not-basic');
}
