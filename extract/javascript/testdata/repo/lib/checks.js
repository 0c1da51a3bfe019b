// A factory of errors, and a module that throws what it makes.
const invalidOption = (name, expected, actual) => {
  return new TypeError(`Expected ${expected} for ${name} but received ${typeof actual}`);
};

module.exports = { invalidOption };
