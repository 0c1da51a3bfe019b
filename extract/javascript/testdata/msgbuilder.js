// A message builder whose other returns give what a format the caller
// configured makes, and a formatter of a value, which is none.
function formatMessage(kind, value, path, messageFormat) {
  if (typeof messageFormat === 'string') {
    return messageFormat.replace('{KIND}', kind).replace('{PATH}', path);
  } else if (typeof messageFormat === 'function') {
    return messageFormat(value, path, kind);
  }
  let ret = 'Cast to ' + kind + ' failed for value ' + describe(value) + ' at path "' + path + '"';
  return ret;
}

function formatChar(c) {
  if (c < ' ') {
    return '\\x' + c.charCodeAt(0).toString(16);
  }
  return c;
}

function castNumber(value, path, format) {
  if (typeof value !== 'number') {
    throw new TypeError(formatMessage('Number', value, path, format));
  }
}

function invalidChar(c) {
  throw new SyntaxError(`invalid character '${formatChar(c)}'`);
}

// A formatter of an error's own fields (js-yaml's formatError) writes no
// words of its own: the class's message stays unknown, and a throw reads
// the reason it passes.
function formatError(exception, compact) {
  let where = '';
  if (!exception.mark) return exception.reason;
  if (exception.mark.name) where += `in "${exception.mark.name}" `;
  where += `(${exception.mark.line + 1}:${exception.mark.column + 1})`;
  return `${exception.reason} ${where}`;
}

class YAMLException extends Error {
  constructor(reason, mark) {
    super();
    this.reason = reason;
    this.mark = mark;
    this.message = formatError(this, false);
  }
}

function readMapping(state) {
  throw new YAMLException('duplicated mapping key', state.mark);
}
