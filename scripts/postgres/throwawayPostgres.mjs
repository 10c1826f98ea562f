// A throwaway PostgreSQL cluster on a loopback port, for the benchmark and the PostgreSQL tests: initdb in a
// temporary directory (as the `postgres` user when running as root: initdb refuses root), trust auth,
// Unix socket in the same directory. `stop()` runs `pg_ctl stop -m fast`, then SIGKILL, and
// removes the directory.
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import { join } from 'node:path'

const isRoot = process.getuid?.() === 0

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : null
}

/**
 * Where initdb and pg_ctl are: `null` when both are on PATH, else the newest
 * `/usr/lib/postgresql/<version>/bin` (Debian's layout), else `undefined` (PostgreSQL is not installed).
 */
export function postgresBin() {
  if (which('initdb') && which('pg_ctl')) return null
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base)
    .filter((name) => existsSync(join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(base, versions[0], 'bin') : undefined
}

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
function asPostgres(bin, command, args, options = {}) {
  const path = bin ? join(bin, command) : command
  return isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', path, ...args], { encoding: 'utf8', ...options })
    : execFileSync(path, args, { encoding: 'utf8', ...options })
}

/**
 * Starts a cluster and resolves with `{ url, version, postmasterPid, stop }`; `url` is
 * `postgres://postgres@127.0.0.1:<port>/postgres`. Throws when PostgreSQL is not installed or does not
 * start within 30 s (the directory is removed then).
 *
 * @param {{ maxConnections?: number, fsync?: boolean }} [options] - `max_connections` (default 50); `fsync`
 *   (default true; tests turn it off, benchmarks keep it)
 * @returns {Promise<{ url: string, version: string, postmasterPid: number, stop: () => Promise<void> }>}
 */
export async function startThrowawayPostgres(options = {}) {
  const bin = postgresBin()
  if (bin === undefined) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)')
  const dir = mkdtempSync(join(os.tmpdir(), 'foyer-pg-'))
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  const stop = async () => {
    try {
      asPostgres(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w', '-t', '20'], { stdio: 'ignore' })
    } catch {
      const pidFile = join(data, 'postmaster.pid')
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
        try {
          process.kill(pid, 'SIGKILL')
        } catch {}
      }
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const port = await freePort()
    asPostgres(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'], { stdio: 'ignore' })
    asPostgres(
      bin,
      'pg_ctl',
      [
        'start',
        '-D',
        data,
        '-w',
        '-t',
        '30',
        '-l',
        join(dir, 'postgres.log'),
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c max_connections=${options.maxConnections ?? 50}${options.fsync === false ? ' -c fsync=off' : ''}`,
      ],
      { stdio: 'ignore' },
    )
    const version = asPostgres(bin, 'postgres', ['--version']).trim()
    const postmasterPid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, postmasterPid, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
