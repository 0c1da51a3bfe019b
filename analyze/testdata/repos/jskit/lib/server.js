'use strict'
const http = require('node:http')

const DEFAULT_HOST = process.env.JSKIT_HOST || '127.0.0.1'

function invalidPort(port) {
  return new RangeError(`invalid port: ${port}`)
}

function resolvePort(value) {
  const port = Number(value ?? process.env.PORT ?? 8080)
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw invalidPort(port)
  }
  return port
}

function listen(handler, opts = {}) {
  const { TLS_CERT, TLS_KEY = '' } = process.env
  let host = opts.host
  if (!host) {
    host = DEFAULT_HOST
  }
  if (TLS_CERT && !TLS_KEY) {
    throw new Error(`TLS_CERT is set but TLS_KEY is not (host ${host})`)
  }
  const server = http.createServer(handler)
  server.listen(resolvePort(opts.port), host)
  return server
}

module.exports = { listen, resolvePort }
