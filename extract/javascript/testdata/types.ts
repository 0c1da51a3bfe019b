import { Injectable } from '@angular/core';
import * as errors from './errors';

export abstract class Base<T> {
  abstract run(input: T): void;
}

@Injectable()
export class UserService extends Base<string> {
  private cache: Map<string, number> = new Map();

  constructor(private readonly http: HttpClient, @Inject(TOKEN) private token?: string) {
    super();
    if (!token) throw new Error('token is required');
  }

  run(input: string): void {
    const n = this.cache.get(input)!;
    throw new errors.NotFoundError(`user ${input as string} (${n}) not found`);
  }

  async fetch<T extends object>(id: number): Promise<T> {
    const msg: string = id < 0 ? 'negative id' : `bad id ${id}`;
    throw new RangeError(msg satisfies string);
  }
}

export function parse(input: unknown): number {
  if (typeof input !== 'string') {
    throw new TypeError(<string>`expected a string, got ${typeof input}`);
  }
  return 0;
}

export function overloaded(a: string): void;
export function overloaded(a: number): void;
export function overloaded(a: any): void {
  throw new Error('overloaded ' + a);
}

enum Color { Red }
namespace NS {
  export function inner() { throw new Error('in namespace'); }
}
