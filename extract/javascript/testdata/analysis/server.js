'use strict'
const { program } = require('commander')
const { env } = require('node:process')

program
  .option('-p, --port <number>', 'port to listen on', '3000')
  .option('--no-color', 'disable colors')
  .option('--max-conn <n>', 'most connections', parseInt, 100)

const DEFAULT_HOST = process.env.HOST || process.env.HOSTNAME || 'localhost'
const { LOG_LEVEL = 'info', NODE_ENV: mode } = process.env
let debug = false

function listen(opts = {}, ...rest) {
  const port = Number(process.env.PORT ?? 8080)
  if (!Number.isInteger(port) || port <= 0) {
    throw new RangeError(`invalid port ${port}`)
  }
  let host = opts.host
  if (!host) {
    host = DEFAULT_HOST
  } else if (host === 'any') {
    host = '0.0.0.0'
  } else {
    host = host.trim()
  }
  for (const h of opts.extra) {
    if (h.startsWith('-')) throw new Error('bad host ' + h)
  }
  if ('DEBUG' in process.env) debug = true
  const limit = env.MAX_CONN ? parseInt(env.MAX_CONN, 10) : program.opts().maxConn
  if (limit > 1000) throw new RangeError(`too many connections: ${limit}`)
  process.env.LISTENING = '1'
  return { port, host, mode, level: LOG_LEVEL }
}

class Pool {
  size = 10
  #closed = false
  constructor({ max = 4 } = {}) {
    this.max = Number(process.env.POOL_MAX) || max
    this.timeout = getEnv('POOL_TIMEOUT', '30s')
    this.items = []
  }

  acquire() {
    if (this.#closed) throw new Error('pool closed')
    if (this.items.length >= this.max) {
      throw new Error(`pool exhausted (max ${this.max})`)
    }
  }
}

const handlers = {
  retry(n) {
    let delay
    try {
      delay = JSON.parse(process.env.RETRY_DELAY)
    } catch (err) {
      delay = 100
    }
    return new Promise((resolve, reject) => {
      if (n > 3) reject(new Error(`gave up after ${n} tries, ${delay}ms apart`))
    })
  },
}

module.exports = { listen, Pool, handlers }

function timeout(opts) {
  let ms = 1000
  if (opts.fast) {
    ms = 10
    return ms
  }
  if (ms > Number(process.env.MAX_TIMEOUT)) throw new RangeError(`timeout ${ms} too long`)
  return ms
}

function spawnShell(opts) {
  const {
    args = [],
    shell = process.env.ComSpec || 'cmd',
  } = opts
  if (!args.length) throw new Error(`no arguments for ${shell}`)
}
