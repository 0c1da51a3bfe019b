// Error constructors that are no classes: an ES5 constructor function, and
// a class made by a factory from the function it is given. Both set
// this.message, which is the message of their constructions.
'use strict';
const errorClass_1 = require('./util/errorClass');

function QueryError(expr) {
  Error.call(this);
  this.name = 'QueryError';
  this.message = 'Invalid query expression: ' + expr;
}
QueryError.prototype = Object.create(Error.prototype);

exports.DrainedError = errorClass_1.makeErrorClass(function (_super) {
  return function DrainedErrorImpl() {
    _super(this);
    this.name = 'DrainedError';
    this.message = 'queue drained before a value arrived';
  };
});

const LimitError = errorClass_1.makeErrorClass((_super) => function LimitErrorImpl(limit) {
  _super(this);
  this.message = `limit of ${limit} reached`;
});

function query(expr, queue) {
  if (!expr) {
    throw new QueryError(expr);
  }
  if (queue.length === 0) {
    throw new exports.DrainedError();
  }
  if (queue.length > 10) {
    throw new LimitError(10);
  }
}

function first(queue, subscriber) {
  if (queue.closed) {
    subscriber.error(new errorClass_1.DrainedError());
  }
}
