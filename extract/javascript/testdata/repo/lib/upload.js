var LimitError = require('./limit-error')

function fileFilter (req, file, cb) {
  if (file.size > req.limit) {
    return cb(new LimitError('LIMIT_FILE_SIZE', file.fieldname))
  }
  if (!req.fields[file.fieldname]) {
    throw new LimitError('LIMIT_UNEXPECTED_FILE', file.fieldname)
  }
  throw new LimitError(req.code) // a code only known when it runs
}

module.exports = fileFilter
