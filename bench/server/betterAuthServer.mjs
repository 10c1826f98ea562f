#!/usr/bin/env node
// The comparison server of bench/server/versusBetterAuth.mjs: Better Auth (pinned in bench/package.json) with
// its email-OTP plugin and its bearer plugin, on node:http, one process — configured as a production
// deployment would be for the same job as Foyer's email sign-in: a new user per sign-in, sessions in the
// database (no cookie cache, so every session read reaches the database), rate limits and telemetry off.
//
// Env: PORT, BA_DATABASE_URL (`postgres://…`) or BA_PGLITE_DIR (a directory: PGlite on disk, in process).
// `GET /dev/otp?email=` answers the newest code sent to that address (as Foyer's dev mailbox does), so both
// servers run the same three-request sign-in. Prints `listening on http://…` when ready.
import http from 'node:http'
import { PGlite } from '@electric-sql/pglite'
import { betterAuth } from 'better-auth'
import { getMigrations } from 'better-auth/db/migration'
import { toNodeHandler } from 'better-auth/node'
import { bearer, emailOTP } from 'better-auth/plugins'
import { PostgresDialect } from 'kysely'
import pg from 'pg'

const port = Number(process.env.PORT ?? 0)
const baseURL = `http://127.0.0.1:${port}`
const codes = new Map()

/**
 * PGlite as a node-postgres-shaped pool for Kysely's PostgresDialect: one connection, so `connect()` waits
 * for the previous client's `release()` (a transaction's statements never interleave with another's).
 */
function pglitePool(database) {
  let tail = Promise.resolve()
  return {
    async connect() {
      let release
      const previous = tail
      tail = new Promise((resolve) => (release = resolve))
      await previous
      return {
        async query(sql, parameters) {
          const result = await database.query(sql, parameters ?? [])
          return { command: '', rowCount: result.affectedRows ?? result.rows.length, rows: result.rows }
        },
        release: () => release(),
      }
    },
    async end() {
      await database.close()
    },
  }
}

const database = process.env.BA_PGLITE_DIR
  ? {
      dialect: new PostgresDialect({ pool: pglitePool(new PGlite(process.env.BA_PGLITE_DIR)) }),
      type: 'postgres',
    }
  : new pg.Pool({ connectionString: process.env.BA_DATABASE_URL })

const auth = betterAuth({
  baseURL,
  secret: 'bench-secret-bench-secret-bench-secret-0123456789',
  database,
  trustedOrigins: [baseURL],
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  plugins: [
    bearer(),
    emailOTP({
      async sendVerificationOTP({ email, otp }) {
        codes.set(email, otp)
      },
    }),
  ],
})

const { runMigrations } = await getMigrations(auth.options)
await runMigrations()

const handler = toNodeHandler(auth)
const server = http.createServer((request, response) => {
  if (request.url?.startsWith('/dev/otp')) {
    const email = new URL(request.url, baseURL).searchParams.get('email') ?? ''
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ code: codes.get(email) ?? null }))
    return
  }
  handler(request, response)
})
server.keepAliveTimeout = 72_000
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`)
})
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    server.close()
    process.exit(0)
  })
