// Error factories stored on a member of an exported object, taking an
// options object whose properties make the message.
const idl = {};
idl.errors = {};

idl.errors.exception = function (message) {
  return new TypeError(`${message.header}: ${message.message}`);
};

module.exports = { idl };
