const assert = require('assert');
const { strictEqual, ok } = require('node:assert');
import strict from 'node:assert/strict';
const chai = require('chai');

function check(a, b, opts) {
  assert(a, 'a is required');
  assert.ok(b > 0, `b must be positive, got ${b}`);
  assert.equal(a.length, b, 'length mismatch');
  assert.strictEqual(typeof opts, 'object', 'opts must be an object');
  assert.deepStrictEqual(a, b);
  strictEqual(a, 1, 'destructured strictEqual');
  ok(opts.x, 'destructured ok');
  strict.match(a, /x/, 'strict match');
  assert.strict.equal(a, b, 'assert.strict.equal');
  assert.fail('always fails');
  assert(opts.y, new TypeError('opts.y must be set'));
  chai.assert(a, 'not node assert');
}
