const util = require('util');
import { format } from 'node:util';

function formats(name, n, obj) {
  throw new Error(util.format('cannot load %s: %d errors in %j (%o) %%', name, n, obj, obj));
}
function missing(name) {
  throw new Error(util.format('%s and %s', name));
}
function extra(a, b) {
  throw new Error(format('value:', a, b));
}
function alone() {
  throw new Error(format('100%% %s'));
}
function known() {
  throw new Error(format('%s=%d %c%s', 'key', 7, 'color: red', 'styled'));
}
