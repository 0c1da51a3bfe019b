// The ECMAScript module build of the same source.
import { TypeBoxError } from '../type/error/index.mjs';
import { ValueError } from '#value-errors';
export class ValuePointerRootSetError extends TypeBoxError {
    constructor(value, path) {
        super(`Cannot set root value at ${path}`);
        this.value = value;
    }
}
export class ValueDeleteError extends ValueError {
    constructor(what) {
        super(what);
    }
}
export function Set(value, pointer) {
    if (pointer === '') throw new ValuePointerRootSetError(value, pointer);
    throw new ValueDeleteError('delete root value');
}
