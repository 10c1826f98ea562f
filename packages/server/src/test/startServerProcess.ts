import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const bin = fileURLToPath(new URL('../../bin/foyer-server.mjs', import.meta.url))

/** A `foyer-server start` child process and its base URL. */
export type ServerProcess = {
  url: string
  child: ChildProcess
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** Sends `signal` (default SIGTERM) and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/**
 * Starts `foyer-server start` on a free loopback port with `env` (over a minimal environment: PATH, HOME) and
 * resolves once it prints its URL; rejects when it exits first or after `timeoutMs`. The caller stops it.
 *
 * @example const server = await startServerProcess({ DATABASE_URL, FOYER_MASTER_KEY, NODE_ENV: 'test' })
 */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [bin, 'start'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const server: Omit<ServerProcess, 'url'> = {
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`foyer-server did not start in ${timeoutMs} ms:\n${output}`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/[^\s]+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve({ ...server, url: match[1] as string })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`foyer-server exited with ${code}:\n${output}`))
    })
  })
}
