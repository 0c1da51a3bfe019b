// Messages routed through y18n's and i18n-node's translate-and-format
// functions, reported to a usage object's fail.
export function validation(yargs, usage, shim) {
  const __ = shim.y18n.__;
  const __n = shim.y18n.__n;
  const self = {};
  self.requiredArguments = function requiredArguments(argv, demanded) {
    const missing = Object.keys(demanded).filter((k) => !(k in argv));
    if (missing.length > 0) {
      usage.fail(__n('Missing required argument: %s', 'Missing required arguments: %s', missing.length, missing.join(', ')));
    }
  };
  self.conflicting = function conflicting(key, value) {
    usage.fail(__('Arguments %s and %s are mutually exclusive', key, value));
  };
  self.check = function check(f) {
    const msg = __('Argument check failed: %s', f.toString());
    usage.fail(msg);
  };
  return self;
}

// y18n puts the count first when the form shows %d.
export function counted(usage, y18n, n, name) {
  usage.fail(y18n.__n('%d file is missing in %s', '%d files are missing in %s', n, name));
}

// A message whose lines a callback appends, then reported.
export function limitedChoices(usage, invalid, __) {
  let msg = __('Invalid values:');
  Object.keys(invalid).forEach((key) => {
    msg += `\n  ${__('Argument: %s, Given: %s', key, invalid[key])}`;
  });
  usage.fail(msg);
}

// An error object reported is no message.
export function reportErr(session) {
  const err = new Error('built');
  session.error(err);
}
