'use strict';

// An 'error' event nobody listens for: Node throws the error, then shows
// where it was emitted in a second block of frames.
const { EventEmitter } = require('node:events');

class Parser extends EventEmitter {
  write(chunk) {
    setImmediate(() => this.fail(chunk));
  }

  fail(chunk) {
    this.emit('error', new Error(`Malformed part header: ${JSON.stringify(chunk)}`));
  }
}

new Parser().write('--boundary\r\nbad');
