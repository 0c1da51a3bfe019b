// Validators return true when a check passes and the text saying why it
// failed otherwise (superstruct's refinements, inquirer's validate).

function size(struct, min, max = min) {
  const expected = `Expected a ${struct.type}`;
  return refine(struct, 'size', (value) => {
    const { length } = value;
    return (min <= length && length <= max) ||
      `${expected} with a length between \`${min}\` and \`${max}\` but received one of \`${length}\``;
  });
}

const questions = [{
  name: 'port',
  validate: (input) => /^\d+$/.test(input) || 'Please enter a port number',
}];

function isString(value) {
  return typeof value === 'string' || `Expected a string, but received: ${print(value)}`;
}

// Not validators: a default value, a word, and a value that is no
// condition.
function encoding(options) {
  return options.encoding || 'utf8';
}

function label(name) {
  return name.length > 0 || 'anonymous';
}

function title(page) {
  return page.title || `Untitled page in ${page.section}`;
}
