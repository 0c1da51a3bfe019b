const checks = require('./checks');

function resize(width) {
  if (!Number.isInteger(width) || width < 1) {
    throw checks.invalidOption('width', 'a positive integer', width);
  }
  if (width > 1e6) {
    // As Babel and TypeScript compile the call of an import.
    throw (0, checks.invalidOption)('width', 'at most 1e6', width);
  }
  return checks.invalidOption('height', 'unused', width); // not thrown: no site
}

// A helper of this file throwing what the imported factory makes: its
// callers' messages are the factory's, filled.
function rejectValue(name, value) {
  throw checks.invalidOption(name, `a value other than ${value}`, value);
}

function setMode(mode) {
  if (mode === 'turbo') rejectValue('mode', 'turbo');
}

module.exports = { resize, setMode };
