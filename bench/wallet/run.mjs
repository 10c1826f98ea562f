#!/usr/bin/env node
// Wallet latency benchmark (docs/architecture.md "Budgets"): in headless Chromium against a real server
// (PGlite in memory) and its wallet frame, the median time to create a wallet in the frame, and the median
// personal_sign round trip host → frame → host once unlocked (budget ≤ 5 ms). Not a test: it prints figures.
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import '../../scripts/registerSources.mjs'

const { createApp, migrate, openDatabase, seedDemoApp } = await import('@foyer/server')

const here = fileURLToPath(new URL('.', import.meta.url))
const CREATE_RUNS = Number(process.env.CREATE_RUNS ?? 15)
const SIGN_ROUNDS = Number(process.env.SIGN_ROUNDS ?? 200)
const BUDGET_MS = 5

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

// Server
const db = await openDatabase({})
await migrate(db)
const masterKey = new Uint8Array(randomBytes(32))
await seedDemoApp(db, { masterKey })
const app = await createApp({ db, masterKey, env: 'test', logger: false, devMailbox: true })
const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 })

// Bench page (an allowed origin of the demo app: http://127.0.0.1:<any port>)
const bundle = await build({
  entryPoints: [`${here}page.ts`],
  bundle: true,
  // The workspace packages' TypeScript sources (docs/packaging.md).
  conditions: ['@foyer/source'],
  write: false,
  format: 'esm',
  platform: 'browser',
  minify: true,
  logLevel: 'silent',
})
const script = bundle.outputFiles[0].text
const pages = createServer((request, response) => {
  if (request.url?.startsWith('/page.js')) {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    return
  }
  response
    .writeHead(200, { 'content-type': 'text/html' })
    .end('<!doctype html><html><body><script type="module" src="/page.js"></script></body></html>')
})
await new Promise((resolve) => pages.listen(0, '127.0.0.1', resolve))
const pageUrl = `http://127.0.0.1:${pages.address().port}/?api=${encodeURIComponent(apiUrl)}`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
try {
  const page = await browser.newPage()
  await page.goto(pageUrl)
  await page.waitForFunction(() => document.title === 'ready')

  const signIn = async (index) => {
    const email = `bench${index}.${Date.now()}@example.com`
    const since = Date.now()
    await page.evaluate((address) => window.bench.requestCode(address), email)
    let code
    for (let attempt = 0; attempt < 100 && !code; attempt++) {
      const answer = await fetch(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`).then((r) =>
        r.json(),
      )
      code = answer.messages.find((message) => message.sent_at >= since)?.code
      if (!code) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await page.evaluate(([address, value]) => window.bench.login(address, value), [email, code])
  }

  const createTimes = []
  for (let index = 0; index < CREATE_RUNS + 2; index++) {
    await signIn(index)
    const elapsed = await page.evaluate(() => window.bench.create())
    if (index >= 2) createTimes.push(elapsed) // the first two warm up the frame and the server
  }
  const sign = await page.evaluate((rounds) => window.bench.sign(rounds), SIGN_ROUNDS)

  const ms = (value) => `${value.toFixed(2)} ms`
  console.log(
    `Wallet creation in the frame (privy:wallet:create, ${CREATE_RUNS} users): median ${ms(median(createTimes))}`,
  )
  console.log(
    `personal_sign round trip host → frame → host, unlocked (${sign.rounds} rounds): median ${ms(sign.raw)} ` +
      `(budget ${BUDGET_MS} ms: ${sign.raw <= BUDGET_MS ? 'within' : 'OVER'})`,
  )
  console.log(
    `personal_sign through the EIP-1193 provider (host-side checks included): median ${ms(sign.provider)}`,
  )
} finally {
  await browser.close()
  await new Promise((resolve) => pages.close(resolve))
  await app.close()
}
