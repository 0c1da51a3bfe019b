// An error class whose static helper throws it, and a function that
// throws the class its caller names: their callers in other modules give
// the messages.
export class ParseError extends Error {
  constructor(message, options) {
    super(`Invalid document: ${message}`, options);
    this.offset = options.offset;
  }

  static raise(message, state, offset) {
    throw new ParseError(message, { offset: offset ?? state.pos });
  }
}

export function checkHeader(header, ErrorClass, message) {
  if (typeof header !== 'object') {
    throw new ErrorClass(message);
  }
  return header;
}
