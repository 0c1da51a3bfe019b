'use strict';

class AppError extends Error {
  constructor(code, message) {
    super(`[${code}] ${message}`);
    this.code = code;
  }
}

class NotFound extends AppError {
  constructor(what) {
    super('E_NOT_FOUND', `${what} does not exist`);
  }
}

class Conflict extends AppError {}

module.exports = { AppError, NotFound, Conflict };
