// Errors thrown as objects with a code, given their message later from
// the file's table of messages by code (jsonata).
var jsonata = (function () {
  function evaluateNumericExpression(lhs, rhs, op) {
    if (typeof lhs !== 'number') {
      throw { code: "T2001", stack: (new Error()).stack, token: op, value: lhs };
    }
    if (typeof rhs !== 'number') {
      throw { code: "T2002", stack: (new Error()).stack, token: op };
    }
    if (rhs === 0) {
      throw { code: "D1001", value: lhs }; // no such code: the object
    }
    throw { code: "S0999" }; // a code whose entry is no sentence
  }

  function apply(proc) {
    if (typeof proc !== 'function') {
      throw { code: "T1006", stack: (new Error()).stack };
    }
  }

  var errorCodes = {
    "S0999": "Unknown",
    "T1006": "Attempted to invoke a non-function",
    "T2001": "The left side of the {{token}} operator must evaluate to a number",
    "T2002": "The right side of the {{{token}}} operator must evaluate to a number",
    "T2003": "The left side of the range operator (..) must evaluate to an integer",
    "D3001": "Attempting to invoke string function on Infinity or NaN",
  };

  // Not a table of messages: a value is no string.
  var limits = { a: "x", b: "y", c: "z", d: "w", e: 5 };

  function populateMessage(err) {
    var template = errorCodes[err.code];
    err.message = template.replace(/\{\{([^}]+)}}/g, function () { return JSON.stringify(err[arguments[1]]); });
  }
  return { evaluateNumericExpression, apply, populateMessage, limits };
})();
