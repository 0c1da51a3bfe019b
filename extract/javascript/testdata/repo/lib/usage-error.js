class UsageError extends Error {
  constructor(command, usage = 'see --help') {
    super(`Usage: ${command} ${usage}`);
  }
}
module.exports = UsageError;
