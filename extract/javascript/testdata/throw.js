'use strict';
const fs = require('fs');

function readConfig(path, opts) {
  if (!path) {
    throw new TypeError('The "path" argument must be of type string. Received ' + typeof path);
  }
  if (opts.size > 1024) throw new RangeError(`config too large: ${opts.size} bytes (max ${1024})`);
  if (opts.legacy) throw Error('legacy configs are not supported');
  throw new globalThis.Error("unreachable");
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new SyntaxError(`Unexpected token in ${JSON.stringify(text)}: ` + err.message, { cause: err });
  }
}

function rethrow(p) {
  try {
    fs.readFileSync(p);
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
  }
}

function kinds(value) {
  if (value === 1) throw 'plain string thrown';
  if (value === 2) throw `template ${value} thrown`;
  if (value === 3) throw { code: 'E_THREE', message: 'object with a message' };
  if (value === 4) throw Object.assign(new Error('wrapped with a code'), { code: 'E_FOUR' });
  if (value === 5) throw createError(404, 'Resource not found');
  if (value === 6) throw new AggregateError([], 'several things failed');
  if (value === 7) throw new Error();
  if (value === 8) throw value.error;
  throw new HttpError(500, 'Internal: ' + value);
}

function thrownVariable(kind) {
  const err = new Error(`unknown kind ${kind}`);
  err.code = 'E_KIND';
  throw err;
}

function unknownObject(res) {
  throw res.error;
}

function fromFile(spec) {
  if (!spec.startsWith('file:')) {
    const er = new Error('Invalid file: URL, must comply with RFC 8089');
    throw Object.assign(er, { raw: spec, code: 'EINVALIDPACKAGENAME' });
  }
  try {
    return load(spec);
  } catch (caught) {
    throw Object.assign(caught, { spec }); // the caught error: no new message
  }
}

async function readManifest(filename) {
  try {
    return await readFile(filename, 'utf8');
  } catch (err) {
    err.message = `Could not read package.json: ${err}`;
    throw err;
  }
}

function loadConfig(fn) {
  try {
    return fn();
  } catch (e) {
    if (e.code === 'ENOENT') {
      e.message = 'no config: ' + e.message; // another branch
    }
    throw e;
  }
}

function rename(file) {
  const er = new Error('rename failed');
  er.code = 'EPERM';
  er.message = `rename failed: ${file}`;
  throw er;
}

// A caught error whose message is appended to before it is thrown on.
function compileTemplate(src, opts) {
  try {
    return new Function(src);
  } catch (e) {
    if (e instanceof SyntaxError) {
      if (opts.filename) {
        e.message += ' in ' + opts.filename;
      }
      e.message += ' while compiling template\n\n';
      e.message += 'Try a template linter.';
    }
    throw e;
  }
}

// The error is built above its throw: the site spans both, since a stack
// names the line of the construction.
function connectTo(target, attempts) {
  let problem;
  if (!target.startsWith('ws:')) {
    problem = 'The scheme must be "ws:"';
  } else if (target.includes('#')) {
    problem = 'The address has a fragment';
  }
  if (problem) {
    const err = new SyntaxError(problem);

    if (attempts === 0) {
      throw err;
    }
    retryLater(err);
  }
}

// An error passed through hooks that may change it is the error built.
async function fetchChecked(response, hooks) {
  if (!response.ok) {
    let error = new HTTPError(`Request failed with status ${response.status}`);
    for (const hook of hooks) {
      error = await hook(error);
    }
    throw error;
  }
  return response;
}
