// The two servers the benchmarks compare (Foyer and Better Auth, pinned in bench/package.json): how to start
// each on a database, sign a new user in by email code, and read the session with the access token. Shared by
// versusBetterAuth.mjs and profileSignIn.mjs.
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../scripts/postgres/throwawayPostgres.mjs'
import { createClient, startNodeProcess } from './load.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** The demo app's id, which a fresh Foyer data directory seeds. */
export const APP_ID = 'foyerdemoapp0000000000000'
const { call, close } = createClient()
/** Closes the benchmark client's keep-alive sockets. */
export const closeClient = close
const runId = randomBytes(4).toString('hex')
let emailCounter = 0
const nextEmail = () => `v${runId}-${++emailCounter}@bench.example`

/**
 * The two servers: how to start each on a database (Foyer: with Node's flags `nodeOptions`), sign a new
 * user in, and read the session.
 */
export const servers = {
  foyer: {
    async start(database, dir, nodeOptions = []) {
      return startNodeProcess(
        join(root, 'packages/server/bin/foyer-server.mjs'),
        ['start'],
        {
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
        },
        nodeOptions,
      )
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
