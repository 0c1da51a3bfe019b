function fail() {
  throw 'plain string thrown';
}
fail();
