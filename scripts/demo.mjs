#!/usr/bin/env node
// `npm run demo`: the Foyer server on its embedded database (PGlite in .foyer/data) and the demo app,
// both in the foreground; Ctrl-C stops both.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const serverPort = process.env.PORT ?? '8787'
const demoPort = process.env.DEMO_PORT ?? '5173'
const apiUrl = `http://127.0.0.1:${serverPort}`
const demoUrl = `http://localhost:${demoPort}`

/** Starts a child process with prefixed output and resolves once `ready` matches a line it prints. */
function start(name, args, { cwd, env, ready }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const started = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue
        process.stdout.write(`[${name}] ${line}\n`)
        if (ready.test(line)) resolve()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => reject(new Error(`${name} exited with code ${code}`)))
  })
  return { child, started }
}

const server = start('server', ['packages/server/bin/foyer-server.mjs', 'start'], {
  cwd: root,
  env: { PORT: serverPort, HOST: '127.0.0.1' },
  ready: /listening|http:\/\/127\.0\.0\.1/i,
})
const demo = start('demo', [`${root}node_modules/vite/bin/vite.js`, '--port', demoPort, '--strictPort'], {
  cwd: `${root}apps/demo`,
  env: { VITE_FOYER_API_URL: apiUrl },
  ready: /Local:/,
})

function stop(code = 0) {
  for (const { child } of [server, demo]) if (child.exitCode === null) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500).unref()
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

try {
  await Promise.all([server.started, demo.started])
  console.log(`
  Foyer demo is running.
    Demo app:        ${demoUrl}
    Server API:      ${apiUrl}
    Sign-in codes:   ${apiUrl}/dev/mailbox  (also printed above as "[dev mailbox] code …")
  Press Ctrl-C to stop.
`)
} catch (error) {
  console.error(String(error))
  stop(1)
}
