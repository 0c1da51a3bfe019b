'use strict';
// Values printed as inspect and JSON.stringify print them (quoted strings)
// are repr holes, however the call of the import is compiled.
var _inspect = require('../jsutils/inspect.js');
var util = require('util');

function serializeInt(outputValue) {
  if (typeof outputValue !== 'number') {
    throw new TypeError(`Int cannot represent non-integer value: ${(0, _inspect.inspect)(outputValue)}`);
  }
  if (outputValue > 2147483647) {
    throw new RangeError(`Int cannot represent non 32-bit signed integer value: ${util.inspect(outputValue)}`);
  }
  if (Number.isNaN(outputValue)) {
    throw new RangeError(`Int cannot represent NaN: ${JSON.stringify(outputValue)}`);
  }
  throw new Error(`Int cannot represent ${(0, _inspect.describe)(outputValue)}`);
}
