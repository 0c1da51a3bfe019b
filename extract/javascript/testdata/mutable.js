// Variables whose value changes where the message reads them.
module.exports = function scan(source) {
  var index = 0;
  function next() { index += 1; }
  next();
  if (source[index] === '$') {
    throw new Error('Unexpected `' + source[index] + '` at offset ' + index);
  }
};

function parseHunks(lines) {
  for (var i = 0; i < lines.length; i++) {
    var header = i;
    if (lines[i] === 'x') {
      throw new Error('Removed line count did not match for hunk at line ' + (header + 1));
    }
    if (lines[i] === 'y') {
      throw new Error('Added line count did not match for hunk at line ' + (header + 1));
    }
  }
}

function parseLoop(lines) {
  let n = 0;
  while (n < lines.length) {
    if (!lines[n]) {
      throw new Error(`empty line ${n}`);
    }
    n++;
  }
}

function parseClosure(lines) {
  let pos = 0;
  const fail = () => { throw new Error('bad input at ' + pos); };
  pos = lines.length;
  fail();
}

function fixed(lines) {
  const width = 80;
  let label = 'line';
  label = 'row';
  throw new RangeError(label + ' wider than ' + width + ' columns: ' + lines.length);
}

function parseAll(lines) {
  var start = 0;
  function hunk() {
    var at = start;
    if (!lines[at]) {
      throw new Error('Missing hunk at line ' + (at + 1));
    }
    if (lines[at] === '-') {
      throw new Error('Bad hunk at line ' + (at + 1));
    }
  }
  return hunk();
}
