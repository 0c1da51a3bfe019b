'use strict';

// A class factory takes the stack before the message is set (rxjs's
// createErrorClass does): Node prints a header without a message, and the
// message among the error's own properties.
function createErrorClass(createImpl) {
  const _super = (instance) => {
    Error.call(instance);
    instance.stack = new Error().stack;
  };
  const ctor = createImpl(_super);
  ctor.prototype = Object.create(Error.prototype);
  ctor.prototype.constructor = ctor;
  return ctor;
}

const EmptyError = createErrorClass((_super) => function EmptyErrorImpl() {
  _super(this);
  this.name = 'EmptyError';
  this.message = 'no elements in sequence';
});

function first(items) {
  if (items.length === 0) {
    throw new EmptyError();
  }
  return items[0];
}

first([]);
