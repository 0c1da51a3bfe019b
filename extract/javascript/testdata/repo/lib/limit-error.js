var util = require('util')

// Messages by code, read by the constructor with the code it is given.
var errorMessages = {
  LIMIT_PART_COUNT: 'Too many parts',
  LIMIT_FILE_SIZE: 'File too large',
  LIMIT_UNEXPECTED_FILE: 'Unexpected file field'
}

function LimitError (code, field) {
  Error.captureStackTrace(this, this.constructor)
  this.name = this.constructor.name
  this.message = errorMessages[code] || `Unknown error: ${code}`
  this.code = code
  if (field) this.field = field
}

util.inherits(LimitError, Error)

module.exports = LimitError
