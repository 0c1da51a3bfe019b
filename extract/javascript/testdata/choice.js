// A thrown value that chooses between two new errors: a site for each,
// at the line a stack names.
function pick(c) {
  throw c ? new RangeError('first one') : new TypeError(`second ${c}`);
}

function nested(a, b) {
  throw a ? new RangeError('a is set') : b ? new TypeError('b is set') : new Error('neither');
}

// A variable given the choice, then handed to the object's own handler.
class Parser {
  onRecord(record) {
    const err =
      this.columns === false
        ? new Error(`Invalid Record Length: expect ${this.expected}, got ${record.length}`)
        : new Error(`Invalid Record Length: columns length is ${this.columns.length}, got ${record.length}`);
    const finalErr = this.__error(err);
    if (finalErr) return finalErr;
  }
  // Another err of another block, returned: it does not make the one
  // above passed on.
  cast(value) {
    if (value.bad) {
      const err = new Error(`Invalid Record Length: got ${value.n}`);
      this.__error(err);
    }
    const err = value.check();
    if (err) return err;
  }
}

// A choice between an error and a value is no choice of errors.
function mixed(c) {
  throw c ? new Error('an error') : c;
}

// A variable given the error its caller passed, or a new one: each new
// error is raised where it is built.
function afterTimeout(promise, message) {
  var err;
  if (typeof message !== 'string') {
    if (message instanceof Error) {
      err = message;
    } else {
      err = new TimeoutError('operation timed out');
    }
  } else {
    err = new TimeoutError(message);
  }
  promise._attachExtraTrace(err);
  promise._reject(err);
}

function branches(kind) {
  let err;
  if (kind === 'range') {
    err = new RangeError('out of range');
  } else {
    err = new TypeError(`bad kind ${kind}`);
  }
  throw err;
}

// An assignment in a block to a variable of the function: the error
// returned at the end is the one built, made by a factory (no site).
function createError(status, msg) {
  let err;
  if (!err) {
    err = status >= 500
      ? new ServerError(msg)
      : new ClientError(msg);
    Error.captureStackTrace(err, createError);
  }
  return err;
}
