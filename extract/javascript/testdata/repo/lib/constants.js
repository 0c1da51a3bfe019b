const ERRORS = {
  InvalidSocksCommand: 'An invalid SOCKS command was provided. Valid options are connect, bind, and associate.',
  InvalidSocksClientOptionsTimeout: 'An invalid timeout value was provided. Please enter a value above 0 (in ms).',
};
exports.ERRORS = ERRORS;
exports.DEFAULT_TIMEOUT_MESSAGE = 'operation timed out';
