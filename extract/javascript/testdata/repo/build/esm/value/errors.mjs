export class ValueError extends Error {
    constructor(what) {
        super(`Could not ${what}`);
    }
}
