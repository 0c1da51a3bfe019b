// A table of messages by number and the helper that throws its entry
// (fflate): each call's number names the message.
var ec = [
  'unexpected EOF',
  'invalid block type',
  'invalid length/literal',
  , // determined by the caller
  'no callback',
];
var err = function (ind, msg, nt) {
  var e = new Error(msg || ec[ind]);
  e.code = ind;
  if (!nt) throw e;
  return e;
};
var inflt = function (dat) {
  if (dat.type > 2) err(1);
  if (!dat.cb) err(4);
  if (dat.zip) err(3, 'invalid zip data');
};
