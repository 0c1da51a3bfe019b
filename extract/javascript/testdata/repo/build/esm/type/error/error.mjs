export class TypeBoxError extends Error {
    constructor(message) {
        super(message);
    }
}
