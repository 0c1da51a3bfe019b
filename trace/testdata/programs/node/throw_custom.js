'use strict';

class ConfigError extends Error {
  constructor(key, file) {
    super(`missing key "${key}" in ${file}\nadd it and restart`);
    this.name = 'ConfigError';
  }
}

function load(file) {
  throw new ConfigError('port', file);
}

load('/etc/app.json');
