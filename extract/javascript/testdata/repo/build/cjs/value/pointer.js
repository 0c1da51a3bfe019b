"use strict";
// Error classes whose base is imported through an index module, or
// through a specifier the linker cannot resolve (a package's imports
// map): the base of the file's own build is the one meant.
Object.defineProperty(exports, "__esModule", { value: true });
const index_1 = require("../type/error/index");
const errors_1 = require("#value-errors");
class ValuePointerRootSetError extends index_1.TypeBoxError {
    constructor(value, path) {
        super('Cannot set root value at ' + path);
        this.value = value;
    }
}
class ValueDeleteError extends errors_1.ValueError {
    constructor(what) {
        super(what);
    }
}
function Set(value, pointer) {
    if (pointer === '') throw new ValuePointerRootSetError(value, pointer);
    throw new ValueDeleteError('delete root value');
}
exports.Set = Set;
