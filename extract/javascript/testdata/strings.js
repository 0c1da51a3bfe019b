function escapes() {
  throw new Error('tab\there, newline\nthere, quote \' and "double", backslash \\');
}
function unicode() {
  throw new Error("caf\u00e9 \u{1F600} \uD83D\uDE00 \x41 \101 lone \uD800 end");
}
function continuation() {
  throw new Error('first line \
second line');
}
function templates(n) {
  throw new Error(`multi
line ${n} with \` and \${not a hole}`);
}
function numbers() {
  throw new Error('n=' + 42 + ' f=' + 1.5 + ' big=' + 10n + ' hex=' + 0xff + ' exp=' + 1e3 + ' ' + true + ' ' + null);
}
function numeric(a, b) {
  throw new Error('sum: ' + (a + b) + ' count: ' + items.length);
}
