// A table of messages gathered from objects through calls that keep
// their keys, and a reporter given its entries (Babel's parser).
var StandardErrors = {
  AccessorIsGenerator: ({ kind }) => `A ${kind}ter cannot be a generator.`,
  MissingSemicolon: "Missing semicolon.",
  UnterminatedString: "Unterminated string constant.",
  ImportOutsideModule: {
    message: `'import' and 'export' may appear only with 'sourceType: "module"'`,
    code: "BABEL_PARSER_SOURCETYPE_MODULE_REQUIRED",
  },
  Code: "E_CODE",
};
const ModuleErrors = {
  ImportMetaOutsideModule: function (details) {
    return "import.meta may appear only with 'sourceType: \"module\"'";
  },
};
function ParseErrorEnum(templates) {
  return templates;
}
const Errors = Object.assign({}, ParseErrorEnum(ModuleErrors), ParseErrorEnum(StandardErrors));
const TSErrors = ParseErrorEnum`typescript`({
  AbstractMethodHasImplementation: ({ methodName }) => `Method '${methodName}' cannot have an implementation because it is marked abstract.`,
});

class Parser {
  raise(toParseError, at, details = {}) {
    const error = toParseError(at, details);
    if (!this.recover) throw error;
    this.errors.push(error);
    return error;
  }

  semicolon() {
    this.raise(Errors.MissingSemicolon, this.state.lastTokEndLoc);
  }

  readString() {
    throw this.raise(Errors.UnterminatedString, this.state.startLoc);
  }

  parseMethod(method) {
    if (method.abstract) {
      this.raise(TSErrors.AbstractMethodHasImplementation, method, { methodName: method.key.name });
    }
    if (method.kind === "get") {
      this.scope.parser.raise(Errors.AccessorIsGenerator, method, { kind: method.kind });
    }
  }

  parseImport(node) {
    if (!this.inModule) {
      this.raise(Errors.ImportOutsideModule, node);
    }
    if (node.meta) {
      this.raise(Errors.ImportMetaOutsideModule, node);
    }
  }

  notReported() {
    this.raise(Errors.Code, this.state.startLoc); // a code, no prose
    console.warn(Errors.MissingSemicolon); // a log
    this.raise(Errors.NoSuchEntry, this.state.startLoc);
    this.raise(Unknown.MissingSemicolon, this.state.startLoc);
  }
}
