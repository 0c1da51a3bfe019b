// Error classes whose constructor builds the message with a helper that
// returns an object.
const describe = (reason, input, offset = 0) => ({
  message: `${reason} while reading ${input}`,
  offset,
});

function locate(line, column) {
  if (line < 0) {
    return null;
  }
  return { where: `line ${line}, column ${column}`, line };
}

class ReadError extends SyntaxError {
  constructor(cause, input) {
    const meta = describe(cause.message, input ? JSON.stringify(input) : 'nothing');
    super(meta.message);
    this.offset = meta.offset;
  }
}

const explain = (e, input) => {
  if (!input) {
    return describe(e.message, 'an empty input');
  }
  return describe(e.message, `'${input.slice(0, 10)}'`, 1);
};

class ExplainedError extends SyntaxError {
  constructor(e, input) {
    const { message } = explain(e, input); // destructured: not followed
    const info = explain(e, input);
    super(info.message);
  }
}

class PositionError extends Error {
  constructor(line, column) {
    super(`bad token at ${locate(line, column).where}`);
  }
}

function read(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ReadError(e, text);
  }
}

function explained(input) {
  try {
    return JSON.parse(input);
  } catch (e) {
    throw new ExplainedError(e, input);
  }
}

function check(line) {
  if (line > 100) {
    throw new PositionError(line, 1);
  }
}
