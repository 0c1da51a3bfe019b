function ok() {
  throw new Error('before the broken part');
}
function broken( {
  throw new Error('inside broken code' +);
}
function alsoOk() {
  throw new Error('after the broken part');
}
