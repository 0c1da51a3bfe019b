const errors = require('./errors');
const { NotFound } = require('./errors/index.js');
const UsageError = require('./usage-error');

function run(cmd, args) {
  if (!cmd) throw new UsageError('npm');
  if (args.length > 3) throw new UsageError(cmd, '<pkg>');
  if (args[0] === 'x') throw new errors.Conflict('E_CONFLICT', 'already installed');
  throw new NotFound(`package ${args[0]}`);
}
