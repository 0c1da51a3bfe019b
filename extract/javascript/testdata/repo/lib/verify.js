const constants_1 = require('./constants');
const { DEFAULT_TIMEOUT_MESSAGE } = require('./constants');

class BaseError extends Error {
  constructor({ code, message, cause }) {
    super(message);
    this.code = code;
    this.cause = cause;
  }
}
class VerificationError extends BaseError {}

function validate(options) {
  if (!options.command) throw new Error(constants_1.ERRORS.InvalidSocksCommand);
  if (options.timeout < 0) throw new VerificationError({ code: 'ETIMEOUT', message: constants_1.ERRORS.InvalidSocksClientOptionsTimeout });
  throw new VerificationError({ code: 'E', message: DEFAULT_TIMEOUT_MESSAGE, cause: options.err });
}
