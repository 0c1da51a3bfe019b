function branches(kind, name) {
  let msg = 'unknown kind';
  if (kind === 'a') {
    msg = 'kind a is retired';
  } else if (kind === 'b') {
    msg = `kind b needs ${name}`;
  }
  throw new Error(msg);
}

function replaced(x) {
  let msg = 'first';
  msg = 'second';
  throw new Error(msg);
}

function appended(items) {
  let msg = 'invalid items:';
  for (const it of items) {
    msg += ' ' + it;
  }
  throw new Error(msg);
}

function terminated(x) {
  let msg = 'default message';
  if (x) {
    msg = 'never reaches the throw';
    return;
  }
  throw new Error(msg);
}

function switched(code) {
  let reason;
  switch (code) {
    case 1:
      reason = 'one';
      break;
    case 2:
      reason = 'two';
      break;
    default:
      reason = 'many';
  }
  throw new Error('code ' + code + ': ' + reason);
}

function parameter(message) {
  throw new Error(message || 'no message given');
}

function closure(prefix) {
  const suffix = '!';
  return () => {
    throw new Error(prefix + ' failed' + suffix);
  };
}

const MODULE_MESSAGE = 'module level constant';
function moduleConst() {
  throw new Error(MODULE_MESSAGE);
}

function ternary(ok) {
  const what = ok ? 'ok' : 'not ok';
  throw new Error(`status is ${what}`);
}

function opaque(obj) {
  const { detail } = obj;
  const text = compute(obj);
  throw new Error(detail + ': ' + text);
}

function joined(a, b) {
  throw new Error(['first', a, 'last'].join(', ') + ' ' + String(b) + ' ' + 'x'.concat(b, 'y'));
}

// A name assigned in a condition holds in the statement's body and after.
function configure(obj) {
  var key;
  if (obj.hasOwnProperty(key = 'PRECISION')) {
    checkInt(obj[key], key);
  }
  if (obj.hasOwnProperty(key = 'ROUNDING')) {
    throw new RangeError(key + ' out of range');
  }
}
