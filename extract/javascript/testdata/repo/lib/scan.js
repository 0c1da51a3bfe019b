import { ParseError, checkHeader } from './parse-error.js';
import * as errors from './parse-error.js';

export function scanNumber(state, start) {
  if (state.text[start] === '_') {
    ParseError.raise('leading underscore', state, start);
  }
  const header = checkHeader(state.header, TypeError, 'Header must be an object');
  errors.checkHeader(header.meta, RangeError, 'Header meta must be an object');
  log('scanning ' + start); // not a helper
  return Number(state.text.slice(start));
}
