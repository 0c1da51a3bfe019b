import yargs from 'yargs'

const argv = yargs(process.argv.slice(2))
  .option('workers', { alias: 'w', type: 'number', default: 2 })
  .option('dry-run', { type: 'boolean' })
  .parseSync()

const apiUrl: string = import.meta.env.VITE_API_URL ?? 'http://localhost'
const token = Deno.env.get("API_TOKEN")

export class Client {
  private retries: number
  readonly base = apiUrl

  constructor(private name: string, retries?: number) {
    this.retries = retries ?? parseInt(process.env["CLIENT_RETRIES"] || "3", 10)
  }

  send(kind: 'get' | 'put'): void {
    let path: string
    switch (kind) {
      case 'get':
        path = '/r'
        break
      default:
        path = '/w'
    }
    if (this.retries < 0) {
      throw new RangeError(`${this.name}: retries must be >= 0, got ${this.retries} for ${path}`)
    }
    if (!token) throw new Error('API_TOKEN is not set')
  }
}

export const workers = (n: number = argv.workers): number => {
  if (n < 1) throw new Error(`at least one worker, got ${n}`)
  return n
}
