// Reporters handed in: yaml's compose functions receive onError.
function resolveBlockMap(ctx, bm, onError, tag) {
  const keyStart = bm.offset;
  if (ctx.dup) onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
  if (ctx.tab) onError(keyStart, 'TAB_AS_INDENT', `Tabs are not allowed as indentation in ${tag}`);
  const message = ctx.flow ? 'Missing , or : between flow map items' : 'Missing closing brace';
  onError(keyStart, 'MISSING_CHAR', message);
  onError(keyStart, 'IMPOSSIBLE', ctx.message); // nothing literal
  onError(new Error('Unexpected end of map'));
  const err = new Error('Bad map entry');
  onError(err);
  onError('UNEXPECTED');
}
function resolveTag(str, onError) {
  onError('Expected a sequence for this tag');
  return onError && str;
}
function notReporter(fn, log) {
  fn(1, 'a message to a function that is no reporter');
  log(0, 'NOT_A_REPORTER', 'a message logged');
}
