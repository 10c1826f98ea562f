import { randomBytes } from 'node:crypto'
import { type AuthResponse, authResponseSchema } from '@foyer/protocol'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { Client } from 'pg'
import type { CreateAppOptions } from '../CreateAppOptions'
import { createApp } from '../createApp'
import type { FoyerDatabase } from '../db/FoyerDatabase'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/openDatabase'
import { accountKinds, defaultFeatures, defaultMethods } from '../defaultPlugins'
import { seedDemoApp } from '../demo/demoApps'
import type { Feature, FoyerPlugin, SignInMethod } from '../FoyerPlugin'
import type { AppRecord } from '../features/apps/service'
import type { DevMailboxMessage } from '../features/mail/devMailbox'
import type { AccountKinds } from '../features/users/AccountKind'
import { openTestDatabase } from './pgliteTemplate'

/**
 * A server over a fresh in-memory PGlite (or, with `databaseUrl`, a fresh PostgreSQL database) with the demo
 * app seeded, and a clock tests can advance.
 */
export type TestContext = {
  app: FastifyInstance
  db: FoyerDatabase
  /** The account kinds of the sign-in methods: with `db`, what the users feature's functions take. */
  accountKinds: AccountKinds
  masterKey: Uint8Array
  demoApp: AppRecord
  /** Current fake time, ms. */
  now(): number
  /** Moves the fake clock forward by `ms`. */
  advance(ms: number): void
  /** `app.inject` with `privy-app-id` of the demo app (unless `appId: null`) and JSON bodies. */
  request(
    options: InjectOptions & {
      appId?: string | null | undefined
      json?: unknown
      bearer?: string | undefined
    },
  ): Promise<LightMyRequestResponse>
  /** Messages in the dev mailbox (read through `GET /dev/mailbox.json`) for `to`, newest first. */
  mailbox(to?: string): Promise<DevMailboxMessage[]>
  /** Sends a login code to `email` and returns it from the dev mailbox. */
  sendCode(email: string, appId?: string): Promise<string>
  /**
   * Signs in (or up) `email` with a mailed code (`POST /api/v1/passwordless/authenticate`, in `appId`,
   * default the demo app) and returns the auth response; `email` defaults to a fresh `user<n>@example.com`.
   * Throws unless the sign-in answers 200.
   */
  signIn(email?: string, appId?: string): Promise<AuthResponse>
  /**
   * Signs up a new guest (`POST /api/v1/guest/authenticate` with a random 32-byte credential, in `appId`,
   * default the demo app) and returns the auth response. Throws unless the sign-up answers 200.
   */
  signInAsGuest(appId?: string): Promise<AuthResponse>
  close(): Promise<void>
}

/**
 * Options of {@link createTestContext}: the app's options, and where the database lives. `methods` and
 * `features` replace the default plugin of the same id (`methods: [sms({ twilio })]`); the others stay.
 */
export type TestContextOptions = Partial<CreateAppOptions> & {
  /**
   * `postgres://…` URL of a PostgreSQL server (e.g. `testPostgresUrl()`): a fresh database `foyer_t_<hex>`
   * is created on it through a short-lived admin connection, opened with a connection pool (real
   * concurrency) and dropped by `close()`. Ignored when `db` is given; default: in-memory PGlite.
   */
  databaseUrl?: string | undefined
}

/** `defaults`, each replaced by the plugin of `overrides` with its id; overrides of new ids are appended. */
function replaceById<Plugin extends FoyerPlugin>(
  defaults: readonly NoInfer<Plugin>[],
  overrides: readonly Plugin[] | undefined,
): Plugin[] {
  const byId = new Map((overrides ?? []).map((plugin) => [plugin.id, plugin]))
  const kept = defaults.map((plugin) => byId.get(plugin.id) ?? plugin)
  const known = new Set(defaults.map((plugin) => plugin.id))
  return [...kept, ...(overrides ?? []).filter((plugin) => !known.has(plugin.id))]
}

/** Creates an empty database `foyer_t_<random hex>` on the server of `serverUrl`; returns its URL and a dropper. */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `foyer_t_${randomBytes(8).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  // Plain DROP, retried while the closed pool's connections finish leaving (55006 "being accessed by other
  // users"): `WITH (FORCE)` would kill them mid-goodbye, and their clients report that as unhandled errors.
  const drop = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await admin(`drop database if exists ${name}`)
      } catch (error) {
        if ((error as { code?: unknown }).code !== '55006' || attempt >= 50) throw error
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
  }
  return { url: url.toString(), drop }
}

/**
 * Builds app + database + seeded demo app once (PGlite startup is slow: share one per test file). Rate
 * limits are off unless `options.rateLimits` says otherwise (tests send many calls from one IP); the dev
 * mailbox is on outside production unless `options.devMailbox` says otherwise. With
 * `options.databaseUrl` the database is a fresh PostgreSQL database on that server, dropped on `close()`.
 *
 * @example
 * let t: TestContext
 * beforeAll(async () => { t = await createTestContext() })
 * afterAll(() => t.close())
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const { databaseUrl, methods, features, ...appOptions } = options
  const scratch = !appOptions.db && databaseUrl ? await createScratchDatabase(databaseUrl) : undefined
  let db: FoyerDatabase
  try {
    if (appOptions.db) {
      db = appOptions.db
      await migrate(db)
    } else if (scratch) {
      db = await openDatabase({ databaseUrl: scratch.url })
      await migrate(db)
    } else {
      // In-memory PGlite: a copy of the run's migrated template.
      db = await openTestDatabase()
    }
  } catch (error) {
    await scratch?.drop()
    throw error
  }
  const masterKey = options.masterKey ?? randomBytes(32)
  let clock = Date.UTC(2030, 0, 1)
  let signIns = 0
  const demoApp = await seedDemoApp(db, { masterKey, env: 'test' })
  const app = await createApp({
    env: 'test',
    now: () => clock,
    rateLimits: false,
    // Tests read codes from the dev mailbox; production has none.
    devMailbox: appOptions.env !== 'production',
    ...appOptions,
    methods: replaceById<SignInMethod>(defaultMethods(), methods),
    features: replaceById<Feature>(defaultFeatures(), features),
    db,
    masterKey,
  })
  await app.ready()

  const context: TestContext = {
    app,
    db,
    accountKinds,
    masterKey,
    demoApp,
    now: () => clock,
    advance(ms) {
      clock += ms
    },
    request({ appId, json, bearer, headers, ...rest }) {
      const all: Record<string, string> = { ...(headers as Record<string, string> | undefined) }
      const id = appId === undefined ? demoApp.id : appId
      if (id !== null) all['privy-app-id'] = id
      if (bearer) all.authorization = `Bearer ${bearer}`
      if (json !== undefined) {
        all['content-type'] = 'application/json'
        return app.inject({ ...rest, headers: all, payload: JSON.stringify(json) })
      }
      return app.inject({ ...rest, headers: all })
    },
    async mailbox(to) {
      const response = await app.inject({ method: 'GET', url: '/dev/mailbox.json', query: to ? { to } : {} })
      return (response.json() as { messages: DevMailboxMessage[] }).messages
    },
    async sendCode(email, appId) {
      const response = await context.request({
        method: 'POST',
        url: '/api/v1/passwordless/init',
        appId: appId ?? demoApp.id,
        json: { email },
      })
      if (response.statusCode !== 200) throw new Error(`init failed: ${response.statusCode} ${response.body}`)
      const [message] = await context.mailbox(email)
      if (!message?.code) throw new Error(`no code mailed to ${email}`)
      return message.code
    },
    async signIn(email = `user${++signIns}@example.com`, appId) {
      const code = await context.sendCode(email, appId)
      const response = await context.request({
        method: 'POST',
        url: '/api/v1/passwordless/authenticate',
        json: { email, code },
        ...(appId ? { appId } : {}),
      })
      if (response.statusCode !== 200)
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
      return authResponseSchema.parse(response.json())
    },
    async signInAsGuest(appId) {
      const response = await context.request({
        method: 'POST',
        url: '/api/v1/guest/authenticate',
        json: { guest_credential: randomBytes(32).toString('base64url') },
        ...(appId ? { appId } : {}),
      })
      if (response.statusCode !== 200)
        throw new Error(`guest sign-up failed: ${response.statusCode} ${response.body}`)
      return authResponseSchema.parse(response.json())
    },
    async close() {
      try {
        await app.close()
        await db.close()
      } finally {
        await scratch?.drop()
      }
    },
  }
  return context
}
