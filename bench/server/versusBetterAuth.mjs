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
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { startThrowawayPostgres } from '../../scripts/postgres/throwawayPostgres.mjs'
import { closeClient, servers } from './benchServers.mjs'
import { closedLoop, createDatabase, withCpu } from './load.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const RUNS = Number(process.env.BENCH_RUNS ?? 2)
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',')
const log = (message) => process.stderr.write(`[versus] ${message}\n`)
const stoppers = []

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
  closeClient()
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
  closeClient()
}
