const assert = require('assert');

function check(n) {
  assert.strictEqual(n, 2);
}

check(1);
