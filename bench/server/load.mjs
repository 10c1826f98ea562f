// What the server benchmarks share: a keep-alive HTTP client, a closed-loop load generator, CPU time from /proc
// and a child process that says when it listens.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import pg from 'pg'

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const CLOCK_TICKS = 100

/** CPU seconds (user + system) used so far by `pid` and, when `withChildren`, its live children (/proc). */
export function cpuSeconds(pid, withChildren = true) {
  const read = (id) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }
    } catch {
      return null
    }
  }
  let ticks = read(pid)?.ticks ?? 0
  if (withChildren)
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const stat = read(entry)
      if (stat?.ppid === pid) ticks += stat.ticks
    }
  return ticks / CLOCK_TICKS
}

/**
 * Runs `measure` (which resolves with `{ completed }`) and adds the CPU each part in `pids` (name → pid, its
 * children included) spent per completed operation, in ms, and their sum as `cpuMsPerOp`.
 */
export async function withCpu(pids, measure) {
  const sample = () => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSeconds(pid)]))
  const before = sample()
  const result = await measure()
  const after = sample()
  const byPart = {}
  let total = 0
  for (const name of Object.keys(pids)) {
    byPart[name] = ((after[name] - before[name]) * 1000) / Math.max(1, result.completed)
    total += byPart[name]
  }
  return { ...result, cpuMsPerOp: total, byPart }
}

/** A keep-alive client: `call(base, method, path, { body, bearer, headers })` → `{ status, body, headers }`. */
export function createClient(defaultHeaders = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })
  const call = (base, method, path, { body, bearer, headers = {} } = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const request = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            ...defaultHeaders,
            ...headers,
            ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: response.headers,
            }),
          )
          response.on('error', reject)
        },
      )
      request.on('error', reject)
      request.end(payload)
    })
  return { call, close: () => agent.destroy() }
}

/** Closed loop: `concurrency` flows repeat `operation(flow)` for `seconds`; completed operations per second. */
export async function closedLoop(concurrency, seconds, operation) {
  let completed = 0
  let errors = 0
  let firstError
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async (_, flow) => {
      while (performance.now() < deadline) {
        try {
          await operation(flow)
          completed++
        } catch (error) {
          errors++
          firstError ??= error
        }
      }
    }),
  )
  return { perSecond: completed / ((performance.now() - started) / 1000), completed, errors, firstError }
}

/**
 * Starts `node script` with `env` and resolves with `{ child, url, stop }` once it prints `listening on
 * http://…` (`nodeOptions`: Node's own flags, e.g. `--cpu-prof`); rejects when it exits first or after 60 s. `stop()` sends SIGINT, then SIGKILL after 5 s.
 */
export function startNodeProcess(script, args, env, nodeOptions = []) {
  const child = spawn(process.execPath, [...nodeOptions, script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(timer)
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${script} did not start in 60 s:\n${output}`))
    }, 60_000)
    const onData = (chunk) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/[^\s]+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        child.stdout.off('data', onData)
        child.stderr.off('data', onData)
        child.stdout.resume()
        child.stderr.resume()
        resolve({ child, url: match[1], stop })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`${script} exited with ${code}:\n${output}`))
    })
  })
}

/** Creates a database with a fresh name prefixed `prefix` in the cluster at `clusterUrl`; resolves to its URL. */
export async function createDatabase(clusterUrl, prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`
  const client = new pg.Client({ connectionString: clusterUrl })
  await client.connect()
  await client.query(`create database ${name}`)
  await client.end()
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return url.toString()
}
