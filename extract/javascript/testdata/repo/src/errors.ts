export class HttpError extends Error {
  constructor(public status: number, statusText: string) {
    super(`HTTP ${status} ${statusText}`);
  }
}

export default class ConfigError extends Error {
  constructor(key: string) {
    super('invalid config key ' + key);
  }
}
