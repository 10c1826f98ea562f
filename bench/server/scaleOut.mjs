#!/usr/bin/env node
import { randomBytes } from 'node:crypto'
// Scale-out benchmark: 1, then 2 `foyer-server start` processes behind nginx (the README's sample
// configuration, round robin, keep-alive upstreams) on one PostgreSQL and one Redis. Not a test: it prints
// figures (docs/operations.md, "Several processes").
//
// For each process count it measures, through the proxy, with a closed-loop Node client on keep-alive
// connections: email sign-ins/s (init → the code from the dev mailbox of the process that sent it →
// authenticate), refreshes/s (each token used once, its successor kept) and session reads/s
// (`GET /api/v1/users/me` with the access token). It also measures the CPU each operation costs the server
// processes, PostgreSQL, nginx and Redis together, from /proc, so that throughput on a machine with more
// cores can be projected: rate ≈ cores / (CPU per operation), as long as PostgreSQL keeps up.
//
// On this project's 2-core machine the client, nginx, the servers and PostgreSQL all share the two cores, so
// the measured rates of 2 processes are bounded by the machine, not by Foyer; the CPU per operation is the
// figure that carries over. Installs nothing: needs PostgreSQL, redis-server and nginx (`.ci/run` installs
// them). Stops everything it starts. Bounded: the whole run aborts after 5 minutes.
//
// Usage: node bench/server/scaleOut.mjs   (env: BENCH_SECONDS=8, BENCH_CONNECTIONS=32, BENCH_PROCESSES=1,2)
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import { join } from 'node:path'
import { startThrowawayPostgres } from '../../scripts/postgres/throwawayPostgres.mjs'
import { closedLoop, createClient, createDatabase, withCpu } from './load.mjs'

await import('../../scripts/registerSources.mjs')
const { startNginx } = await import('../../packages/server/src/test/startNginx.ts')
const { startRedis } = await import('../../packages/server/src/test/startRedis.ts')
const { startServerProcess } = await import('../../packages/server/src/test/startServerProcess.ts')

const APP_ID = 'foyerdemoapp0000000000000'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const PROCESS_COUNTS = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number)
const log = (message) => process.stderr.write(`[scale-out] ${message}\n`)
const stoppers = []
const { call: request, close } = createClient({ 'privy-app-id': APP_ID })
const call = async (base, method, path, options) => {
  const answer = await request(base, method, path, options)
  return { ...answer, upstream: answer.headers['x-upstream'] }
}

let emailCounter = 0
const runId = randomBytes(4).toString('hex')

/** One email sign-in through the proxy; the code comes from the mailbox of the process that sent it. */
async function signIn(proxyUrl) {
  const email = `s${runId}-${++emailCounter}@bench.example`
  const init = await call(proxyUrl, 'POST', '/api/v1/passwordless/init', { body: { email } })
  if (init.status !== 200) throw new Error(`init ${init.status} ${init.body}`)
  const mailbox = await call(
    `http://${init.upstream}`,
    'GET',
    `/dev/mailbox.json?to=${encodeURIComponent(email)}`,
  )
  const code = JSON.parse(mailbox.body).messages[0]?.code
  if (!code) throw new Error('no code in the dev mailbox')
  const auth = await call(proxyUrl, 'POST', '/api/v1/passwordless/authenticate', { body: { email, code } })
  if (auth.status !== 200) throw new Error(`authenticate ${auth.status} ${auth.body}`)
  return JSON.parse(auth.body)
}

async function benchProcesses(count, cluster, redis) {
  const dataDir = await mkdtemp(join(os.tmpdir(), 'foyer-scale-'))
  stoppers.push(() => rm(dataDir, { recursive: true, force: true }))
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: await createDatabase(cluster.url, 'foyer_scale'),
    REDIS_URL: redis.url,
    FOYER_MASTER_KEY: randomBytes(32).toString('base64'),
    FOYER_DEV_MAILBOX: '1',
    FOYER_LOG_LEVEL: 'warn',
    FOYER_TRUST_PROXY: '1',
    FOYER_RATE_LIMITS: 'off',
    FOYER_MAX_CONNECTIONS_PER_IP: '0',
    FOYER_DATA_DIR: join(dataDir, 'data'),
  }
  const servers = []
  for (let index = 0; index < count; index++) {
    const server = await startServerProcess(env)
    servers.push(server)
    stoppers.push(() => server.stop('SIGINT'))
  }
  const proxy = await startNginx(servers.map((server) => server.url))
  stoppers.push(() => proxy.stop())
  const measuredPids = { postgres: cluster.postmasterPid, nginx: proxy.pid, redis: redis.pid }
  for (const [index, server] of servers.entries()) measuredPids[`server${index + 1}`] = server.child.pid

  log(`${count} process(es): warm-up`)
  await closedLoop(CONNECTIONS, 2, () => signIn(proxy.url))
  log(`${count} process(es): sign-ins ${SECONDS} s × ${CONNECTIONS} flows`)
  const sessions = []
  const signIns = await withCpu(measuredPids, () =>
    closedLoop(CONNECTIONS, SECONDS, async () => sessions.push(await signIn(proxy.url))),
  )
  log(`${count} process(es): session reads ${SECONDS} s`)
  const reads = await withCpu(measuredPids, () =>
    closedLoop(CONNECTIONS, SECONDS, async (flow) => {
      const session = sessions[flow % sessions.length]
      const answer = await call(proxy.url, 'GET', '/api/v1/users/me', { bearer: session.token })
      if (answer.status !== 200) throw new Error(`users/me ${answer.status}`)
    }),
  )
  log(`${count} process(es): refreshes ${SECONDS} s`)
  const chains = sessions.map((session) => session.refresh_token)
  const refreshes = await withCpu(measuredPids, () =>
    closedLoop(CONNECTIONS, SECONDS, async () => {
      const token = chains.pop()
      if (!token) throw new Error('token pool empty')
      const answer = await call(proxy.url, 'POST', '/api/v1/sessions', { body: { refresh_token: token } })
      if (answer.status !== 200) throw new Error(`refresh ${answer.status}`)
      chains.unshift(JSON.parse(answer.body).refresh_token)
    }),
  )
  while (stoppers.length) await stoppers.pop()()
  return { processes: count, signIns, reads, refreshes }
}

async function cleanup() {
  close()
  while (stoppers.length) {
    try {
      await stoppers.pop()()
    } catch (error) {
      log(`cleanup: ${error.message}`)
    }
  }
}

const fmt = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—')
const serverCpu = (row) =>
  Object.entries(row.byPart)
    .filter(([name]) => name.startsWith('server'))
    .reduce((sum, [, ms]) => sum + ms, 0)

async function main() {
  const budget = setTimeout(async () => {
    log('time budget (5 min) exceeded: stopping')
    await cleanup()
    process.exit(1)
  }, 5 * 60_000)
  budget.unref()
  const loadBefore = os.loadavg()[0]
  const cluster = await startThrowawayPostgres()
  const clusterStop = cluster.stop
  const redis = await startRedis()
  const results = []
  try {
    for (const count of PROCESS_COUNTS) results.push(await benchProcesses(count, cluster, redis))
  } finally {
    await cleanup()
    await redis.stop()
    await clusterStop()
  }
  clearTimeout(budget)
  const cpus = os.cpus()
  console.log(
    `\nMachine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}, ${cluster.version}; load average (1 min) before / after: ${loadBefore.toFixed(2)} / ${os.loadavg()[0].toFixed(2)}`,
  )
  console.log(`Load: ${CONNECTIONS} closed-loop flows through nginx, ${SECONDS} s per measurement.\n`)
  console.log('| processes | sign-ins/s | session reads/s | refreshes/s |')
  console.log('| --- | --- | --- | --- |')
  for (const r of results)
    console.log(
      `| ${r.processes} | ${fmt(r.signIns.perSecond)} | ${fmt(r.reads.perSecond)} | ${fmt(r.refreshes.perSecond)} |`,
    )
  console.log(
    '\nCPU per operation, ms (server processes + PostgreSQL + nginx + Redis; the client excluded):\n',
  )
  console.log('| processes | sign-in | session read | refresh |')
  console.log('| --- | --- | --- | --- |')
  for (const r of results) {
    const cell = (row) =>
      `${fmt(row.cpuMsPerOp, 2)} (servers ${fmt(serverCpu(row), 2)}, db ${fmt(row.byPart.postgres, 2)}, nginx ${fmt(row.byPart.nginx, 2)}, redis ${fmt(row.byPart.redis, 2)})`
    console.log(`| ${r.processes} | ${cell(r.signIns)} | ${cell(r.reads)} | ${cell(r.refreshes)} |`)
  }
  console.log(
    `\nErrors: ${results.map((r) => `${r.processes}: sign-in ${r.signIns.errors}, read ${r.reads.errors}, refresh ${r.refreshes.errors}`).join('; ')}`,
  )
  console.log(`\n${JSON.stringify(results)}`)
}

try {
  await main()
} catch (error) {
  log(`failed: ${error.stack ?? error}`)
  process.exitCode = 1
  await cleanup()
}
