import ConfigError, { HttpError } from './errors.js';
import { HttpError as Renamed } from './errors';

export async function get(url: string, key?: string): Promise<string> {
  if (!key) throw new ConfigError('api.key');
  const res = await fetch(url);
  if (res.status === 404) throw new Renamed(404, 'Not Found');
  throw new HttpError(res.status, res.statusText);
}
