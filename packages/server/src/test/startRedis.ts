import { spawn, spawnSync } from 'node:child_process'
import { freePort } from './freePort'

/** A throwaway `redis-server` on loopback. */
export type RedisServer = { url: string; pid: number; stop(): Promise<void> }

/** Whether Debian's `redis-server` is installed (`.ci/run` installs it). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0
}

/**
 * Starts `redis-server` on a free loopback port, without persistence, and resolves once it accepts
 * connections. `stop()` ends it (SIGTERM).
 *
 * @example const redis = await startRedis(); …; await redis.stop()
 */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 20_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (/Ready to accept connections/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}:\n${output}`))
    })
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      await exited
    },
  }
}
