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
  chai.assert(a, 'not node assert'); // another module's assert: a site with no error type
}

// Assert helpers of other modules: by name, by member, compiled.
const { assert: hoekAssert } = require('@hapi/hoek');
var _devAssert = require('../jsutils/devAssert.js');
import invariant from 'tiny-invariant';

function merge(self, source) {
  hoekAssert(self.type === source.type, 'Cannot merge type', self.type, 'with another type:', source.type);
  (0, _devAssert.devAssert)(typeof source.fields === 'object', `${self.name} fields must be an object.`);
  invariant(source.ok, 'source must be ok');
  invariant(source.ok, source.reason); // no literal text: no site
  log.assert(source.ok, 'not imported: no site');
}
