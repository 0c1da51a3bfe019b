const fs = require('fs');
const { EventEmitter } = require('events');

// Error-first callbacks.
function readThing(file, cb) {
  if (!file) {
    return cb(new Error('file is required for readThing'));
  }
  fs.stat(file, (er, st) => {
    if (er) return cb(er); // passed on: not a new message
    if (!st.isFile()) {
      const err = new TypeError(`not a regular file: ${file}`);
      err.code = 'ENOTFILE';
      return cb(err);
    }
    cb(null, st); // no error
    cb(st.size); // not an error
    done(Object.assign(new RangeError('thing was empty'), { code: 'EEMPTY' }));
  });
}

class Sink extends EventEmitter {
  check(size, expected) {
    if (size !== expected) {
      const err = new Error(`stream size mismatch: wanted ${expected} found ${size}`);
      err.code = 'EBADSIZE';
      this.emit('error', err);
    }
    this.emit('data', new Error('not an error event'));
  }
  write() {
    this.emit('error', Object.assign(new Error('Cannot call write after a stream was destroyed'), { code: 'ERR_STREAM_DESTROYED' }));
  }
  _read() {
    this.destroy(new Error('upstream closed before end of body'));
  }
  cancel(ac, why) {
    ac.abort(new DOMException('request aborted by caller', 'AbortError'));
    this.destroy(why); // passed on
  }
}

function wrapped(cb) {
  throw wrap(new Error('thrown, not delivered'));
}

// Values that are no errors are not delivered errors.
class Pack {}
class ParseFailure extends TypeError {}
function notErrors(set, cb) {
  const curr = Number(new Date());
  const seen = new Set();
  gather(seen, (edge) => edge.ok);
  cb(new URL('https://example.com/'));
  cb(new Pack());
  cb(new ParseFailure('bad pack header'));
}

// Calls that are no callbacks: a logger, a wrapper whose result is kept.
function report(err) {
  log(new Error('logged, not delivered'));
  const wrapped = wrapError(new Error('wrapped, not delivered'));
  return wrapped;
}

// Middleware hands its error to the next function it was given.
function notFound(req, res, next) {
  next(new Error(`Not Found: ${req.url}`));
}

// An error handed new to a call whose result is dropped is raised there,
// where its stack points; a logged one is not.
function settle(deferred, subscriber, request, count) {
  if (count === 0) {
    const err = new RangeError('no entries found');
    return count < 0 ? deferred.resolve() : deferred.reject(err);
  }
  count > 1 && subscriber.error(new RangeError(`too many entries: ${count}`));
  request.fail(new TypeError('request already settled'));
  console.error(new Error('logged only'));
  this.logger.error(new Error('logged too'));
  process.emitWarning(new Error('a warning'));
}

// A helper that builds the error from its message and hands it to a
// listener without throwing: its callers' text is the message.
function fail(reader, er) {
  if (reader.trackPosition) {
    er += '\nLine: ' + reader.line;
  }
  er = new Error(er);
  reader.error = er;
  emitEvent(reader, 'onerror', er);
  return reader;
}

function emitEvent(reader, event, data) {
  if (reader[event]) reader[event](data);
}

function closeTag(reader) {
  if (!reader.tagName) {
    fail(reader, 'Unexpected close tag');
  }
}

// An error the function throws itself is its throw's site only.
function checkName(name) {
  const err = new TypeError('name must be a string');
  record(err);
  throw err;
}

// A factory decorating the error it returns raises nothing itself.
function makeSyntaxError(code, loc) {
  const error = new SyntaxError();
  defineHidden(error, 'loc', loc);
  Object.defineProperty(error, 'code', { value: code });
  return error;
}

// A parameter given a new error in a branch: the callback gets either the
// error passed in or the new one, whose message is the site's.
function lookupTemplate(name, cb) {
  loader.getSource(name, function onSource(err, info) {
    if (!info && !err) {
      err = new Error('template not found: ' + name);
    }
    if (err) {
      cb(err);
      return;
    }
    cb(null, info);
  });
}

// A reporter given the message records the error: its call is a site;
// a logger's, or one whose result is kept, is not.
function checkRules(ast, session, logger) {
  for (const ref of ast.refs) {
    if (!ast.rules[ref.name]) {
      session.error(`Rule "${ref.name}" is not defined`, ref.location);
    }
  }
  if (!ast.start) reporter.errorHandler.fatalError('grammar has no start rule');
  logger.error('rules checked with errors');
  const handled = session.error('kept, not reported');
  return handled;
}

// The object's own error handler, whose result the function hands back:
// the handler raises the error or returns it for the caller to throw.
class Parser {
  parse(buf, end) {
    if (end && this.state.quoting) {
      const err = this.__error(
        new ParseFailure(`Quote Not Closed: opening quote at line ${this.lines}`),
      );
      if (err !== undefined) return err;
    }
    if (buf.length > this.max) {
      return this.__error(new ParseFailure('Max Record Size'));
    }
    const kept = this.describe(new Error('described, not handed back'));
    return kept.length;
  }
}

// An error a method factory of the file builds, handed to a call whose
// result is dropped: raised at that call. Other values handed on are not.
function SomePromiseArray() {}
SomePromiseArray.prototype._getRangeError = function (count) {
  var message = 'Input array must contain at least ' + this._howMany + ' items but contains only ' + count + ' items';
  return new RangeError(message);
};
SomePromiseArray.prototype._init = function () {
  if (this.howMany() > this.length()) {
    this._reject(this._getRangeError(this.length()));
    return;
  }
  this._resolve(this._values.slice());
  this._settle(Date.now());
};
