#!/usr/bin/env node
'use strict'
const { program } = require('commander')
const { listen } = require('../lib/server')

program
  .option('-p, --port <number>', 'port to listen on', '3000')
  .option('--workers <n>', 'worker processes', parseInt, 2)
  .parse()

const opts = program.opts()
if (opts.workers < 1) {
  throw new RangeError(`--workers must be at least 1, got ${opts.workers}`)
}
listen((req, res) => res.end('ok'), { port: opts.port })
