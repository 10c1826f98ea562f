#!/usr/bin/env node
// Foyer against Better Auth (pinned in bench/package.json, its email-OTP and bearer plugins) in the same run,
// on the same database server, with the same client: the two hot paths of an auth server. Not a test: it
// prints figures and ratios for the README's table.
//
// - email sign-ins of NEW users/s: three requests per sign-in on both — send a code, read it back from the
//   server's development mailbox (Foyer `GET /dev/mailbox.json`, Better Auth `GET /dev/otp` added by
//   bench/server/betterAuthServer.mjs), and verify it, which creates the user and a session;
// - session reads/s with the access token: Foyer `GET /api/v1/users/me` (Bearer access token) against Better
//   Auth's `GET /api/auth/get-session` (bearer plugin, no cookie cache: the database is read each time).
//
// For each database — PostgreSQL (a throwaway cluster, each server its own database in it) and PGlite (each
// server its own directory, in process) — and for each of BENCH_RUNS runs, it starts Foyer, measures, stops
// it, then does the same for Better Auth, so that the two alternate under the same machine load. Each server is
// one Node process with rate limits off; the load generator shares the machine's cores. It also reports the
// CPU each operation costs the server process and PostgreSQL.
//
// Usage: npm run bench:versus   (env: BENCH_SECONDS=8, BENCH_CONNECTIONS=32, BENCH_RUNS=2,
// BENCH_DATABASES=postgres,pglite). Needs PostgreSQL for the first (installed by `.ci/run`). Bounded: 10 min.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, startThrowawayPostgres } from '../../scripts/postgres/throwawayPostgres.mjs'
import { closedLoop, createClient, createDatabase, startNodeProcess, withCpu } from './load.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const APP_ID = 'foyerdemoapp0000000000000'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const RUNS = Number(process.env.BENCH_RUNS ?? 2)
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',')
const log = (message) => process.stderr.write(`[versus] ${message}\n`)
const { call, close } = createClient()
const stoppers = []
const runId = randomBytes(4).toString('hex')
let emailCounter = 0
const nextEmail = () => `v${runId}-${++emailCounter}@bench.example`

/** The two servers: how to start each on a database, sign a new user in, and read the session. */
const servers = {
  foyer: {
    async start(database, dir) {
      return startNodeProcess(join(root, 'packages/server/bin/foyer-server.mjs'), ['start'], {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        FOYER_DEV_MAILBOX: '1',
        FOYER_LOG_LEVEL: 'warn',
        FOYER_DATA_DIR: join(dir, 'data'),
        FOYER_MASTER_KEY: randomBytes(32).toString('base64'),
        FOYER_RATE_LIMITS: 'off',
        FOYER_MAX_CONNECTIONS_PER_IP: '0',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      })
    },
    async signIn(base) {
      const headers = { 'privy-app-id': APP_ID }
      const email = nextEmail()
      const init = await call(base, 'POST', '/api/v1/passwordless/init', { body: { email }, headers })
      if (init.status !== 200) throw new Error(`init ${init.status} ${init.body}`)
      const mailbox = await call(base, 'GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`, {
        headers,
      })
      const code = JSON.parse(mailbox.body).messages[0]?.code
      if (!code) throw new Error('no code in the dev mailbox')
      const auth = await call(base, 'POST', '/api/v1/passwordless/authenticate', {
        body: { email, code },
        headers,
      })
      if (auth.status !== 200) throw new Error(`authenticate ${auth.status} ${auth.body}`)
      return JSON.parse(auth.body).token
    },
    async readSession(base, token) {
      const answer = await call(base, 'GET', '/api/v1/users/me', {
        bearer: token,
        headers: { 'privy-app-id': APP_ID },
      })
      if (answer.status !== 200) throw new Error(`users/me ${answer.status}`)
    },
  },
  betterAuth: {
    async start(database, dir) {
      const port = await freePort()
      return startNodeProcess(join(root, 'bench/server/betterAuthServer.mjs'), [], {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: String(port),
        BETTER_AUTH_TELEMETRY: '0',
        ...(database.url ? { BA_DATABASE_URL: database.url } : { BA_PGLITE_DIR: join(dir, 'pglite') }),
      })
    },
    async signIn(base) {
      const headers = { origin: base }
      const email = nextEmail()
      const send = await call(base, 'POST', '/api/auth/email-otp/send-verification-otp', {
        body: { email, type: 'sign-in' },
        headers,
      })
      if (send.status !== 200) throw new Error(`send-verification-otp ${send.status} ${send.body}`)
      const mailbox = await call(base, 'GET', `/dev/otp?email=${encodeURIComponent(email)}`)
      const code = JSON.parse(mailbox.body).code
      if (!code) throw new Error('no code kept')
      const auth = await call(base, 'POST', '/api/auth/sign-in/email-otp', {
        body: { email, otp: code },
        headers,
      })
      if (auth.status !== 200) throw new Error(`sign-in/email-otp ${auth.status} ${auth.body}`)
      const token = auth.headers['set-auth-token']
      if (!token) throw new Error('no set-auth-token header')
      return token
    },
    async readSession(base, token) {
      const answer = await call(base, 'GET', '/api/auth/get-session', {
        bearer: token,
        headers: { origin: base },
      })
      if (answer.status !== 200 || !JSON.parse(answer.body)?.session)
        throw new Error(`get-session ${answer.status}`)
    },
  },
}

async function measure(name, kind, cluster) {
  const server = servers[name]
  const dir = mkdtempSync(join(os.tmpdir(), `versus-${name}-`))
  const database = kind === 'postgres' ? { url: await createDatabase(cluster.url, 'versus') } : {}
  const process_ = await server.start(database, dir)
  const stop = async () => {
    await process_.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  stoppers.push(stop)
  const pids = {
    server: process_.child.pid,
    ...(kind === 'postgres' ? { postgres: cluster.postmasterPid } : {}),
  }
  const check = await server.signIn(process_.url)
  await server.readSession(process_.url, check)
  await closedLoop(CONNECTIONS, 2, () => server.signIn(process_.url)) // warm-up
  const tokens = []
  const signIns = await withCpu(pids, () =>
    closedLoop(CONNECTIONS, SECONDS, async () => tokens.push(await server.signIn(process_.url))),
  )
  await closedLoop(CONNECTIONS, 1, (flow) => server.readSession(process_.url, tokens[flow % tokens.length]))
  const reads = await withCpu(pids, () =>
    closedLoop(CONNECTIONS, SECONDS, (flow) =>
      server.readSession(process_.url, tokens[flow % tokens.length]),
    ),
  )
  stoppers.splice(stoppers.indexOf(stop), 1)
  await stop()
  for (const result of [signIns, reads])
    if (result.errors)
      log(`${name} on ${kind}: ${result.errors} errors, first: ${result.firstError?.message}`)
  log(
    `${name} on ${kind}: ${signIns.perSecond.toFixed(0)} sign-ins/s, ${reads.perSecond.toFixed(0)} session reads/s`,
  )
  return { signIns, reads }
}

const fmt = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—')

async function main() {
  const budget = setTimeout(async () => {
    log('time budget (10 min) exceeded: stopping')
    while (stoppers.length) await stoppers.pop()()
    process.exit(1)
  }, 10 * 60_000)
  budget.unref()
  const loadBefore = os.loadavg()[0]
  const rows = []
  let cluster
  if (DATABASES.includes('postgres')) {
    cluster = await startThrowawayPostgres()
    stoppers.push(cluster.stop)
  }
  for (const kind of DATABASES)
    for (let run = 1; run <= RUNS; run++) {
      const foyer = await measure('foyer', kind, cluster)
      const betterAuth = await measure('betterAuth', kind, cluster)
      rows.push({ kind: kind === 'postgres' ? cluster.version : 'PGlite (on disk)', run, foyer, betterAuth })
    }
  while (stoppers.length) await stoppers.pop()()
  clearTimeout(budget)
  close()
  const cpus = os.cpus()
  console.log(
    `\nMachine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}; load average (1 min) before / after: ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)}`,
  )
  console.log(
    `Load: ${CONNECTIONS} closed-loop flows, ${SECONDS} s per measurement, the client on the same machine.\n`,
  )
  console.log(
    '| database | run | sign-ins/s Foyer / Better Auth | ratio | session reads/s Foyer / Better Auth | ratio |',
  )
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const row of rows)
    console.log(
      `| ${row.kind} | ${row.run} | ${fmt(row.foyer.signIns.perSecond)} / ${fmt(row.betterAuth.signIns.perSecond)} | ${fmt(row.foyer.signIns.perSecond / row.betterAuth.signIns.perSecond, 1)}× | ${fmt(row.foyer.reads.perSecond)} / ${fmt(row.betterAuth.reads.perSecond)} | ${fmt(row.foyer.reads.perSecond / row.betterAuth.reads.perSecond, 1)}× |`,
    )
  console.log('\nCPU per operation, ms (server process + PostgreSQL), Foyer / Better Auth:\n')
  console.log('| database | run | sign-in | session read |')
  console.log('| --- | --- | --- | --- |')
  const cpu = (result) =>
    `${fmt(result.cpuMsPerOp, 2)} (server ${fmt(result.byPart.server, 2)}${result.byPart.postgres === undefined ? '' : `, db ${fmt(result.byPart.postgres, 2)}`})`
  for (const row of rows)
    console.log(
      `| ${row.kind} | ${row.run} | ${cpu(row.foyer.signIns)} / ${cpu(row.betterAuth.signIns)} | ${cpu(row.foyer.reads)} / ${cpu(row.betterAuth.reads)} |`,
    )
}

try {
  await main()
} catch (error) {
  log(`failed: ${error.stack ?? error}`)
  process.exitCode = 1
  while (stoppers.length)
    await stoppers
      .pop()()
      .catch(() => {})
  close()
}
