#!/usr/bin/env node
// Server load benchmark (docs/architecture.md "Budgets": on 2 cores with PostgreSQL on the same machine, ≥
// 1,500 refreshes/s and ≥ 600 email sign-ins/s, p99 < 50 ms at half load). Not a test: it prints figures.
//
// For each database — PostgreSQL (a throwaway cluster started here as the `postgres` user on a loopback
// port) and PGlite (on disk, the default) — it starts the real `foyer-server start` CLI on 127.0.0.1 with
// FOYER_RATE_LIMITS=off and measures:
// - refreshes/s: Debian's `wrk`, closed loop, with a Lua script that CHAINS tokens: each connection takes a
//   refresh token from a per-thread pool, and the rotated token of the answer goes back into the pool, so
//   every request presents a fresh, valid token (the pools are seeded with real sessions signed in first);
// - email sign-ins/s: a Node client, closed loop, each flow doing init → GET /dev/mailbox.json?to= (the
//   code) → authenticate, with a new address every time (wrk cannot pair a code with its address). The
//   mailbox read is a third server request counted inside every sign-in;
// - p50/p99 latency at half the measured maximum: an open-loop Node client sending at a fixed rate, each
//   latency measured from the request's SCHEDULED time (no coordinated omission); a sign-in's latency is
//   that of its whole init → mailbox → authenticate sequence.
// The load generators run on the same machine as the server and the database, and share its cores.
//
// Installs nothing except `apt-get install -y postgresql wrk` when they are missing (needs root). Stops
// everything it starts: servers with SIGINT then SIGKILL, PostgreSQL with `pg_ctl stop -m fast` then
// SIGKILL. Bounded: the whole run aborts after 5 minutes.
//
// Usage: node bench/server/run.mjs   (env: BENCH_SECONDS=10, BENCH_CONNECTIONS=64, BENCH_DATABASES=postgres,pglite,
// BENCH_SERVER_NODE_ARGS for the server process)
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { freePort, postgresBin, startThrowawayPostgres } from '../../scripts/postgres/throwawayPostgres.mjs'
import { closedLoop, cpuSeconds, createClient, sleep } from './load.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const APP_ID = 'foyerdemoapp0000000000000'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64)
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',')
const TOTAL_BUDGET_MS = 5 * 60 * 1000
const isRoot = process.getuid?.() === 0

/** Everything started here, stopped in reverse order by `cleanup()`. */
const stoppers = []
const log = (message) => process.stderr.write(`[bench] ${message}\n`)

// ---------------------------------------------------------------------------------------------------------
// Tools

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : null
}

function ensureTools() {
  const needPostgres = DATABASES.includes('postgres') && postgresBin() === undefined
  const needWrk = !which('wrk')
  if (!needPostgres && !needWrk) return
  if (!isRoot)
    throw new Error('postgresql and wrk are needed: run as root, or apt-get install -y postgresql wrk')
  log('installing postgresql and wrk with apt-get')
  const install = () => spawnSync('apt-get', ['install', '-y', 'postgresql', 'wrk'], { stdio: 'inherit' })
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' })
    if (install().status !== 0) throw new Error('apt-get install -y postgresql wrk failed')
  }
}

/**
 * Runs `measure` and adds the CPU the server and the database spent on it per operation (ms), and the
 * throughput that CPU cost allows on 2 cores given to them alone — min(1 core / server CPU, 2 cores /
 * server + database CPU), as the Node server is single-threaded. Other load on the machine hardly
 * distorts it (it leaves out the load generator and any idle time); it is an upper bound.
 */
async function withCpuCost(server, database, measure) {
  const cpu = () => [
    cpuSeconds(server.child.pid),
    database.postmasterPid ? cpuSeconds(database.postmasterPid, true) : 0,
  ]
  const before = cpu()
  const result = await measure()
  const after = cpu()
  const operations = result.completed ?? result.requests - result.non2xx
  const serverMsPerOp = ((after[0] - before[0]) * 1000) / operations
  const databaseMsPerOp = ((after[1] - before[1]) * 1000) / operations
  const cpuMsPerOp = serverMsPerOp + databaseMsPerOp
  // The server is one Node process (one core at most); PostgreSQL may use the other.
  const perSecondOn2Cores = Math.min(1000 / serverMsPerOp, 2000 / cpuMsPerOp)
  return { ...result, serverMsPerOp, databaseMsPerOp, cpuMsPerOp, perSecondOn2Cores }
}

/** Sends `signal`, then SIGKILL when the process is still alive after `graceMs`. */
async function stopProcess(child, signal = 'SIGINT', graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  if (await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])) return
  child.kill('SIGKILL')
  await exited
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL and the server

/** A throwaway PostgreSQL cluster (scripts/postgres), stopped by `cleanup()`. */
async function startPostgres() {
  const cluster = await startThrowawayPostgres()
  stoppers.push(cluster.stop)
  return cluster
}

/** Starts `foyer-server start` on a loopback port; resolves once it answers. */
async function startServer(database) {
  const dir = mkdtempSync(join(os.tmpdir(), 'foyer-bench-server-'))
  const port = await freePort()
  const logFd = openSync(join(dir, 'server.log'), 'w')
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(
    process.execPath,
    [...nodeArgs, join(root, 'packages/server/bin/foyer-server.mjs'), 'start'],
    {
      cwd: dir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        FOYER_DEV_MAILBOX: '1', // the dev mailbox serves the codes
        PORT: String(port),
        HOST: '127.0.0.1',
        FOYER_DATA_DIR: join(dir, 'data'),
        FOYER_MASTER_KEY: randomBytes(32).toString('base64'),
        FOYER_RATE_LIMITS: 'off',
        // Every generator connects from this machine: no per-IP connection cap.
        FOYER_MAX_CONNECTIONS_PER_IP: '0',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', logFd, logFd],
    },
  )
  stoppers.push(async () => {
    await stopProcess(child)
    rmSync(dir, { recursive: true, force: true })
  })
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited: ${readFileSync(join(dir, 'server.log'), 'utf8')}`)
    try {
      if ((await call(base, 'GET', `/api/v1/apps/${APP_ID}`)).status === 200) return { base, port, child }
    } catch {}
    await sleep(200)
  }
  throw new Error('server did not start within 60 s')
}

// ---------------------------------------------------------------------------------------------------------
// A small HTTP client (keep-alive) and the sign-in / refresh flows

const client = createClient({ 'privy-app-id': APP_ID })
const call = (base, method, path, body) => client.call(base, method, path, { body })

let emailCounter = 0
const runId = randomBytes(4).toString('hex')

/** One email sign-in: init, the code from the dev mailbox, authenticate. Resolves to the auth response. */
async function signIn(base) {
  const email = `b${runId}-${++emailCounter}@bench.example`
  const init = await call(base, 'POST', '/api/v1/passwordless/init', { email })
  if (init.status !== 200) throw new Error(`init ${init.status} ${init.body}`)
  const mailbox = await call(base, 'GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`)
  const code = JSON.parse(mailbox.body).messages[0]?.code
  if (!code) throw new Error('no code in the dev mailbox')
  const auth = await call(base, 'POST', '/api/v1/passwordless/authenticate', { email, code })
  if (auth.status !== 200) throw new Error(`authenticate ${auth.status} ${auth.body}`)
  return JSON.parse(auth.body)
}

async function refreshTokens(base, count) {
  const tokens = []
  const workers = Array.from({ length: 16 }, async () => {
    while (tokens.length < count) tokens.push((await signIn(base)).refresh_token)
  })
  await Promise.all(workers)
  return tokens.slice(0, count)
}

/** Correctness on this database: 20 concurrent refreshes with one token → all 200, one successor. */
async function checkConcurrentRefresh(base) {
  const [token] = await refreshTokens(base, 1)
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => call(base, 'POST', '/api/v1/sessions', { refresh_token: token })),
  )
  const statuses = new Set(answers.map((answer) => answer.status))
  const successors = new Set(answers.map((answer) => JSON.parse(answer.body).refresh_token))
  if (statuses.size !== 1 || !statuses.has(200) || successors.size !== 1)
    throw new Error(
      `concurrent refresh check failed: statuses ${[...statuses]}, ${successors.size} successors`,
    )
  const next = await call(base, 'POST', '/api/v1/sessions', { refresh_token: [...successors][0] })
  if (next.status !== 200) throw new Error('the shared successor does not refresh')
}

// ---------------------------------------------------------------------------------------------------------
// Load generators

/** wrk, closed loop, chaining refresh tokens through per-thread pools (see the header). */
function wrkRefresh(server, tokens, seconds) {
  const threads = Math.min(2, os.cpus().length)
  const dir = mkdtempSync(join(os.tmpdir(), 'foyer-bench-wrk-'))
  const script = join(dir, 'refresh.lua')
  writeFileSync(
    script,
    `local tokens = { ${tokens.map((token) => JSON.stringify(token)).join(', ')} }
local headers = { ["privy-app-id"] = "${APP_ID}", ["content-type"] = "application/json" }
local pool = {}
local nextId = 0
function setup(thread)
  thread:set("threadId", nextId)
  nextId = nextId + 1
end
function init(args)
  local threads = ${threads}
  for i = threadId + 1, #tokens, threads do pool[#pool + 1] = tokens[i] end
end
function request()
  local token = table.remove(pool)
  local body = token and ('{"refresh_token":"' .. token .. '"}') or "{}"
  return wrk.format("POST", "/api/v1/sessions", headers, body)
end
function response(status, headers, body)
  if status == 200 then
    local token = body:match('"refresh_token":"([^"]+)"')
    if token then pool[#pool + 1] = token end
  end
end
function done(summary, latency, requests)
  io.write(string.format("RESULT %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`,
  )
  const output = execFileSync(
    'wrk',
    [
      '-t',
      String(threads),
      '-c',
      String(CONNECTIONS),
      '-d',
      `${seconds}s`,
      '-s',
      script,
      `http://127.0.0.1:${server.port}/`,
    ],
    { encoding: 'utf8', timeout: (seconds + 30) * 1000 },
  )
  rmSync(dir, { recursive: true, force: true })
  const match = /RESULT (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(output)
  if (!match) throw new Error(`unexpected wrk output:\n${output}`)
  const [, requests, durationUs, non2xx, socketErrors] = match.map(Number)
  return { perSecond: (requests - non2xx) / (durationUs / 1e6), requests, non2xx, socketErrors }
}

/**
 * Open loop: starts `operation` at a fixed `rate` per second for `seconds`, whatever the answers do;
 * latency = completion time − scheduled start (so server stalls show up in full). Returns percentiles (ms).
 */
async function openLoop(rate, seconds, operation) {
  const total = Math.max(1, Math.floor(rate * seconds))
  const latencies = []
  let errors = 0
  let sent = 0
  let settled = 0
  const start = performance.now()
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1)
      while (sent < due) {
        const scheduled = start + (sent * 1000) / rate
        sent++
        operation()
          .then(
            () => latencies.push(performance.now() - scheduled),
            () => errors++,
          )
          .finally(() => {
            if (++settled === total) resolve()
          })
      }
      if (sent < total) setTimeout(tick, 1)
    }
    tick()
  })
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN
  return {
    rate: total / ((performance.now() - start) / 1000),
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? Number.NaN,
    errors,
  }
}

/** A refresh operation over a shared pool of token chains (each token used once, its successor kept). */
function refreshFromPool(server, pool) {
  return async () => {
    const token = pool.pop()
    if (!token) throw new Error('token pool empty')
    const answer = await call(server.base, 'POST', '/api/v1/sessions', { refresh_token: token })
    if (answer.status !== 200) throw new Error(`refresh ${answer.status}`)
    pool.push(JSON.parse(answer.body).refresh_token)
  }
}

// ---------------------------------------------------------------------------------------------------------
// Main

async function benchDatabase(kind) {
  const database = kind === 'postgres' ? await startPostgres() : { url: null, version: 'PGlite (on disk)' }
  log(`${kind}: starting the server (${database.version})`)
  const server = await startServer(database)
  await checkConcurrentRefresh(server.base)
  log(`${kind}: 20 concurrent refreshes with one token → one successor, no revocation: ok`)

  const tokensPerRun = CONNECTIONS + 32
  const seeds = await refreshTokens(server.base, 2 * tokensPerRun + 256)
  log(`${kind}: refresh, wrk warm-up 3 s`)
  wrkRefresh(server, seeds.slice(0, tokensPerRun), 3)
  log(`${kind}: refresh, wrk ${SECONDS} s × ${CONNECTIONS} connections`)
  const refreshMax = await withCpuCost(server, database, async () =>
    wrkRefresh(server, seeds.slice(tokensPerRun, 2 * tokensPerRun), SECONDS),
  )
  await sleep(1500) // let the server finish the requests wrk left in flight when it stopped
  log(`${kind}: refresh at half load (${Math.round(refreshMax.perSecond / 2)}/s, open loop) ${SECONDS} s`)
  const refreshHalf = await openLoop(
    refreshMax.perSecond / 2,
    SECONDS,
    refreshFromPool(server, seeds.slice(2 * tokensPerRun)),
  )

  log(`${kind}: sign-ins, warm-up 2 s`)
  await closedLoop(CONNECTIONS, 2, () => signIn(server.base))
  log(`${kind}: sign-ins, ${SECONDS} s × ${CONNECTIONS} flows`)
  const signInMax = await withCpuCost(server, database, () =>
    closedLoop(CONNECTIONS, SECONDS, () => signIn(server.base)),
  )
  await sleep(1500)
  log(`${kind}: sign-ins at half load (${Math.round(signInMax.perSecond / 2)}/s, open loop) ${SECONDS} s`)
  const signInHalf = await openLoop(signInMax.perSecond / 2, SECONDS, () => signIn(server.base))

  // Stop this database's server (and PostgreSQL) before the next one runs.
  while (stoppers.length) await stoppers.pop()()
  return { kind, database: database.version, refreshMax, refreshHalf, signInMax, signInHalf }
}

let cleaning = null
function cleanup() {
  cleaning ??= (async () => {
    client.close()
    while (stoppers.length) {
      try {
        await stoppers.pop()()
      } catch (error) {
        log(`cleanup: ${error.message}`)
      }
    }
  })()
  return cleaning
}

const fmt = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—')

async function main() {
  const budget = setTimeout(async () => {
    log('time budget (5 min) exceeded: stopping')
    await cleanup()
    process.exit(1)
  }, TOTAL_BUDGET_MS)
  budget.unref()
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, async () => {
      await cleanup()
      process.exit(130)
    })

  const began = Date.now()
  const loadBefore = os.loadavg()
  ensureTools()
  const results = []
  for (const kind of DATABASES) results.push(await benchDatabase(kind))
  clearTimeout(budget)

  const cpus = os.cpus()
  const wrkVersion = spawnSync('wrk', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]
  console.log(
    `\nMachine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ${wrkVersion}`,
  )
  const loadAfter = os.loadavg()
  console.log(
    `Load average (1 min) before / after: ${loadBefore[0].toFixed(2)} / ${loadAfter[0].toFixed(2)} — above 0, other processes shared the machine`,
  )
  console.log(
    `Load: ${CONNECTIONS} connections/flows, ${SECONDS} s per measurement; generators on the same machine.\n`,
  )
  console.log(
    '| database | refreshes/s (max) | refresh p50 / p99 at half load | sign-ins/s (max) | sign-in p50 / p99 at half load |',
  )
  console.log('| --- | --- | --- | --- | --- |')
  for (const r of results)
    console.log(
      `| ${r.database} | ${fmt(r.refreshMax.perSecond)} | ${fmt(r.refreshHalf.p50, 1)} / ${fmt(r.refreshHalf.p99, 1)} ms at ${fmt(r.refreshHalf.rate)}/s | ${fmt(r.signInMax.perSecond)} | ${fmt(r.signInHalf.p50, 1)} / ${fmt(r.signInHalf.p99, 1)} ms at ${fmt(r.signInHalf.rate)}/s |`,
    )
  console.log(
    '\nCPU cost (server + database processes, during the max runs) and the rate it allows on 2 dedicated cores\n(min of 1 core / server CPU and 2 cores / total CPU: the Node server is single-threaded):\n',
  )
  console.log(
    '| database | CPU per refresh | → refreshes/s on 2 cores | CPU per sign-in | → sign-ins/s on 2 cores |',
  )
  console.log('| --- | --- | --- | --- | --- |')
  for (const r of results)
    console.log(
      `| ${r.database} | ${fmt(r.refreshMax.cpuMsPerOp, 2)} ms (server ${fmt(r.refreshMax.serverMsPerOp, 2)} + db ${fmt(r.refreshMax.databaseMsPerOp, 2)}) | ${fmt(r.refreshMax.perSecondOn2Cores)} | ${fmt(r.signInMax.cpuMsPerOp, 2)} ms (server ${fmt(r.signInMax.serverMsPerOp, 2)} + db ${fmt(r.signInMax.databaseMsPerOp, 2)}) | ${fmt(r.signInMax.perSecondOn2Cores)} |`,
    )
  console.log(
    `\nErrors: ${results.map((r) => `${r.kind}: refresh non-2xx ${r.refreshMax.non2xx}, socket ${r.refreshMax.socketErrors}, half-load ${r.refreshHalf.errors}; sign-in ${r.signInMax.errors}, half-load ${r.signInHalf.errors}`).join('; ')}`,
  )
  console.log(`Total time: ${Math.round((Date.now() - began) / 1000)} s`)
  console.log(`\n${JSON.stringify(results)}`)
}

try {
  await main()
} catch (error) {
  log(`failed: ${error.stack ?? error}`)
  process.exitCode = 1
} finally {
  await cleanup()
}
