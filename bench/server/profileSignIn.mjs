#!/usr/bin/env node
// Where a Foyer email-code sign-in spends its CPU: the server runs under V8's sampling profiler
// (`--cpu-prof`) while a closed-loop client signs new users in (send a code, read it back from the dev
// mailbox, verify), and the samples of the measured window are summed by who owns the code they stand in —
// the database (PGlite's WebAssembly and JavaScript, or `pg`), Fastify, jose, Drizzle, zod, Foyer's own
// sources, Node's internals, the garbage collector. Shares of CPU hold under machine load even when
// requests/s do not. Not a test: it prints a table for the README.
//
// Usage: npm run bench:profile   (env: BENCH_SECONDS=8, BENCH_CONNECTIONS=32, BENCH_DATABASE=pglite|postgres,
// BENCH_OPERATION=signIn|read: a new user's sign-in, or a session read with the access token).
// Bounded: 5 min.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { startThrowawayPostgres } from '../../scripts/postgres/throwawayPostgres.mjs'
import { closeClient, servers } from './benchServers.mjs'
import { closedLoop, createDatabase, sleep } from './load.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const DATABASE = process.env.BENCH_DATABASE ?? 'pglite'
/** `signIn` (a new user's email sign-in) or `read` (`GET /api/v1/users/me` with the access token). */
const OPERATION = process.env.BENCH_OPERATION ?? 'signIn'
const UNIT = OPERATION === 'read' ? 'session read' : 'sign-in'
/** A pause with no requests that marks the measured window's ends in the profile, in ms. */
const QUIET_MS = 1_500
const log = (message) => process.stderr.write(`[profile] ${message}\n`)

/** Who owns a frame, by its script URL and function name, in the order the first match wins. */
const OWNERS = [
  ['database: PGlite', (url) => url.startsWith('wasm://') || url.includes('@electric-sql/pglite')],
  ['database: pg client', (url) => /node_modules\/(pg|pg-protocol|pg-pool)\//.test(url)],
  ['Drizzle', (url) => url.includes('drizzle-orm')],
  [
    'Fastify',
    (url) =>
      /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-json-stringify|pino|thread-stream|sonic-boom|ajv|fast-uri)/.test(
        url,
      ),
  ],
  ['jose (tokens)', (url) => url.includes('node_modules/jose')],
  ['zod', (url) => url.includes('node_modules/zod') || url.includes('fastify-type-provider-zod')],
  ['Foyer', (url) => url.includes('/packages/') && !url.includes('node_modules')],
  ['other packages', (url) => url.includes('node_modules')],
  ['Node internals', (url) => url.startsWith('node:') || url === ''],
]

/** Sums a `.cpuprofile`'s self time (ms) by owner over its busiest stretch between two quiet gaps. */
function summarize(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node)
  /**
   * Who a sample's CPU is for: its frame's owner, or for Node's internals (a socket write, a file read) the
   * nearest caller that has one, so that PGlite's file I/O counts as the database's and a response write
   * as Fastify's.
   */
  const ownerOf = (node) => {
    const name = node.callFrame.functionName
    if (name === '(garbage collector)') return 'garbage collector'
    if (name === '(program)') return 'V8 (compiler, runtime)'
    for (let frame = node; frame; frame = parents.get(frame.id)) {
      const owner = OWNERS.find(([, matches]) => matches(frame.callFrame.url))?.[0]
      if (owner && owner !== 'Node internals') return owner
    }
    return 'Node internals'
  }
  const times = []
  let at = 0
  for (const delta of profile.timeDeltas) {
    at += delta
    times.push(at)
  }
  // The measured window: a stretch between two quiet gaps (≥ QUIET_MS in which the process is busy
  // less than a tenth of each 250 ms bucket; timers and background work make single busy samples).
  const BUCKET_US = 250_000
  const buckets = new Map()
  for (let index = 1; index < profile.samples.length; index++) {
    if (byId.get(profile.samples[index])?.callFrame.functionName === '(idle)') continue
    const bucket = Math.floor(times[index] / BUCKET_US)
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + (times[index] - times[index - 1]))
  }
  const lastBucket = Math.floor(times.at(-1) / BUCKET_US)
  const busy = []
  let quietRun = 0
  let segmentStart = 0
  for (let bucket = 0; bucket <= lastBucket; bucket++) {
    const quiet = (buckets.get(bucket) ?? 0) < BUCKET_US / 10
    if (quiet) quietRun++
    else {
      if (quietRun * BUCKET_US >= QUIET_MS * 1000) {
        busy.push([segmentStart, bucket - quietRun])
        segmentStart = bucket
      }
      quietRun = 0
    }
  }
  busy.push([segmentStart, lastBucket + 1 - quietRun])
  // The last stretch that lasts a second or more: start-up and warm-up come before the first gap.
  const [fromBucket, toBucket] =
    busy.findLast(([first, last]) => (last - first) * BUCKET_US >= 1_000_000) ?? busy.at(-1)
  const from = Math.max(
    0,
    times.findIndex((time) => time >= fromBucket * BUCKET_US),
  )
  const toIndex = times.findIndex((time) => time >= toBucket * BUCKET_US)
  const to = toIndex === -1 ? profile.samples.length : toIndex
  const owners = new Map()
  const functions = new Map()
  let total = 0
  for (let index = from + 1; index < to; index++) {
    const node = byId.get(profile.samples[index])
    const frame = node?.callFrame
    if (!frame || frame.functionName === '(idle)') continue
    const ms = (times[index] - times[index - 1]) / 1000
    const owner = ownerOf(node)
    owners.set(owner, (owners.get(owner) ?? 0) + ms)
    const name = `${frame.functionName || '(anonymous)'} (${owner}${frame.url ? `, ${frame.url.split('/').at(-1)}` : ''})`
    functions.set(name, (functions.get(name) ?? 0) + ms)
    total += ms
  }
  return { owners, functions, total, windowMs: (times[to - 1] - times[from]) / 1000 }
}

async function main() {
  const budget = setTimeout(() => {
    log('time budget (5 min) exceeded')
    process.exit(1)
  }, 5 * 60_000)
  budget.unref()
  const dir = mkdtempSync(join(os.tmpdir(), 'profile-foyer-'))
  const profiles = join(dir, 'profiles')
  let cluster
  const database = {}
  if (DATABASE === 'postgres') {
    cluster = await startThrowawayPostgres()
    database.url = await createDatabase(cluster.url, 'profile')
  }
  const foyer = servers.foyer
  const server = await foyer.start(database, dir, ['--cpu-prof', `--cpu-prof-dir=${profiles}`])
  let completed = 0
  try {
    const tokens = [await foyer.signIn(server.url)]
    await closedLoop(CONNECTIONS, 2, async () => tokens.push(await foyer.signIn(server.url))) // warm-up
    const operation =
      OPERATION === 'read'
        ? (flow) => foyer.readSession(server.url, tokens[flow % tokens.length])
        : () => foyer.signIn(server.url)
    await closedLoop(CONNECTIONS, 1, operation)
    await sleep(QUIET_MS * 2)
    const result = await closedLoop(CONNECTIONS, SECONDS, operation)
    completed = result.completed
    if (result.errors) log(`${result.errors} errors, first: ${result.firstError?.message}`)
    await sleep(QUIET_MS * 2)
  } finally {
    await server.stop()
    closeClient()
    await cluster?.stop()
  }
  const file = readdirSync(profiles).find((name) => name.endsWith('.cpuprofile'))
  if (!file) throw new Error('the server wrote no profile (was it stopped by SIGKILL?)')
  const { owners, functions, total, windowMs } = summarize(
    JSON.parse(readFileSync(join(profiles, file), 'utf8')),
  )
  if (process.env.BENCH_KEEP) log(`profile kept: ${join(profiles, file)}`)
  else rmSync(dir, { recursive: true, force: true })
  clearTimeout(budget)
  console.log(
    `\n${completed} ${OPERATION === 'read' ? 'session reads' : 'new-user sign-ins'} in ${(windowMs / 1000).toFixed(1)} s on ${DATABASE}; load average (1 min) ${os.loadavg()[0].toFixed(2)}; server CPU ${(total / completed).toFixed(2)} ms per ${UNIT} (sampled)\n`,
  )
  console.log(`| where | share of server CPU | ms per ${UNIT} |`)
  console.log('| --- | --- | --- |')
  for (const [owner, ms] of [...owners].sort((a, b) => b[1] - a[1]))
    console.log(`| ${owner} | ${((100 * ms) / total).toFixed(1)} % | ${(ms / completed).toFixed(2)} |`)

  console.log('\nThe functions with the most self time:\n')
  console.log(`| function | ms per ${UNIT} |`)
  console.log('| --- | --- |')
  for (const [name, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`| ${name} | ${(ms / completed).toFixed(2)} |`)
}

await main()
