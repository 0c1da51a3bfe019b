"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
class ValueError extends Error {
    constructor(what) {
        super(`Cannot ${what}`);
    }
}
exports.ValueError = ValueError;
