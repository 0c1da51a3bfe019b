const { idl } = require('./idl');

function fill(headers, init) {
  for (const pair of init) {
    if (pair.length !== 2) {
      throw idl.errors.exception({
        header: 'Headers constructor',
        message: `expected name/value pair to be length 2, found ${pair.length}.`,
      });
    }
    headers.append(pair[0], pair[1]);
  }
}

module.exports = { fill };
