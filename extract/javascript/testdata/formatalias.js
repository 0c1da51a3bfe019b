var util = require('util');
var f = util.format;

function ArrayType(schema) {
  if (!schema.items) {
    throw new Error(f('missing array items: %j', schema));
  }
}
function invalid(val, type) {
  throw new Error(f('invalid %j: %j', type.schema(), val));
}
