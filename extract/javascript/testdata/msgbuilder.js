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
