export class PoolExhaustedError extends Error {
  constructor(public readonly max: number) {
    super(`pool exhausted: all ${max} connections are in use`)
  }
}

export class Pool<T> {
  private items: T[] = []
  private readonly max: number

  constructor(private readonly create: () => T, max?: number) {
    this.max = max ?? parseInt(process.env.POOL_MAX || '10', 10)
  }

  acquire(): T {
    if (this.items.length >= this.max) {
      throw new PoolExhaustedError(this.max)
    }
    const item = this.create()
    this.items.push(item)
    return item
  }
}
