"use strict";
// TypeScript's CommonJS output: a package's base error class.
Object.defineProperty(exports, "__esModule", { value: true });
exports.TypeBoxError = void 0;
class TypeBoxError extends Error {
    constructor(message) {
        super(message);
    }
}
exports.TypeBoxError = TypeBoxError;
