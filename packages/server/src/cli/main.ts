import { parseArgs } from 'node:util'
import closeWithGrace from 'close-with-grace'
import { createApp } from '../createApp'
import type { FoyerDatabase } from '../db/FoyerDatabase'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/openDatabase'
import { countAnalyticsEvents } from '../features/analytics/countAnalyticsEvents'
import { appSettingsCodec } from '../features/apps/appSettingsCodec'
import { createAppRecord, listAppRecords, updateAppSettings } from '../features/apps/service'
import { CONSOLE_DIST_DIR, readConsoleBundle } from '../features/console/page/prebuiltConsole'
import { rotateMasterKey } from '../features/masterKey/rotateMasterKey'
import { rotateAppSecret } from '../features/serverApi/appSecrets'
import { sweepExpired } from '../features/sweep/sweepExpired'
import { readWalletFrameBundle, WALLET_FRAME_DIST_DIR } from '../features/walletFrame/prebuiltWalletFrame'
import { loadConfig, type ServerConfig } from './loadConfig'
import { type DataDirLock, lockDataDir } from './lockDataDir'
import { prepareDatabase } from './prepareDatabase'
import { signerCommand, signerUsage } from './signerCommand'

const usage = `Usage: foyer-server <command>

Commands:
  migrate                                   apply database migrations
  app create --name <name> --origin <url>…  create an app; prints its id
  app list [--json]                         list apps
  app update <id> --settings <json>         merge settings into an app (e.g. custom_jwt_auth); prints
                                            the settings changed, secrets masked
  app rotate-secret <id>                    issue the app a new secret for the server API; prints it
                                            once (the previous one stays valid for 24 hours)
  start                                     migrate, check the master key, seed the demo apps (not in
                                            production), and serve (PORT, HOST)
  master-key rotate                         re-seal everything sealed under FOYER_MASTER_KEY with
                                            FOYER_NEW_MASTER_KEY, in one transaction (servers stopped)
  sweep [--json]                            delete expired nonces, codes, offers, challenges, flows,
                                            sessions and idle guests now; prints the rows per kind
  analytics counts [--app <id>] [--days <n>] [--json]
                                            analytics events per app, UTC day and event name
${signerUsage}

Environment: FOYER_DATA_DIR, DATABASE_URL, FOYER_MASTER_KEY, SMTP_URL, MAIL_FROM, NODE_ENV,
TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_BASE_URL, FOYER_TURNSTILE_VERIFY_URL,
FOYER_ISSUER, FOYER_PUBLIC_URL, FOYER_OAUTH_ENDPOINTS_JSON, FOYER_FARCASTER_SIGNER_API_URL, FOYER_DEMO_FARCASTER_DEVELOPER_JSON, FOYER_EVM_RPC_URLS, FOYER_DEMO_HOST_JWKS_URL, FOYER_DEMO_OAUTH_SETTINGS_JSON, FOYER_DEMO_TELEGRAM_SETTINGS_JSON, FOYER_MOONPAY_WIDGET_URL, FOYER_MOONPAY_SANDBOX_WIDGET_URL, FOYER_PRICE_SOURCE_URL, FOYER_COINBASE_API_URL, FOYER_DEMO_COINBASE_JSON, FOYER_DEMO_ICLOUD_JSON, FOYER_DEMO_SMART_WALLETS_JSON, FOYER_DEMO_GAS_SPONSORSHIP_JSON, FOYER_DEMO_DELEGATED_ACTIONS_JSON, FOYER_ACCESS_TOKEN_TTL, FOYER_SESSION_IDLE_TIMEOUT, FOYER_RATE_LIMITS, FOYER_LOG_LEVEL, FOYER_DEV_MAILBOX, FOYER_REFRESH_GRACE, FOYER_ANALYTICS_RETENTION_DAYS, FOYER_WALLET_FRAME_DIR,
FOYER_GOOGLE_DRIVE_API_URL, FOYER_CLOUDKIT_API_URL, FOYER_TRUST_PROXY, FOYER_METRICS, REDIS_URL, FOYER_SWEEP_INTERVAL_SECONDS, FOYER_GUEST_MAX_IDLE_DAYS,
FOYER_HEADERS_TIMEOUT_SECONDS, FOYER_REQUEST_TIMEOUT_SECONDS, FOYER_MAX_CONNECTIONS_PER_IP, PORT, HOST,
FOYER_SIGNER_URL, FOYER_SIGNER_SECRET, FOYER_SOLANA_RPC_URLS; the signer: FOYER_SIGNER_KEY_FILE, FOYER_SIGNER_KEY_ENCRYPTION_KEY,
FOYER_SIGNER_SECRET, FOYER_SIGNER_HOST, FOYER_SIGNER_PORT
(see packages/server/README.md and docs/operations.md).`

const DAY_MS = 86_400_000

/** The start (ms since the epoch) of the UTC day of `ms`. */
function startOfUtcDay(ms: number): number {
  return ms - (ms % DAY_MS)
}

/** `analytics counts` as text: a header, then one aligned line per app, day and event name. */
function formatCounts(counts: Awaited<ReturnType<typeof countAnalyticsEvents>>): string {
  if (counts.length === 0) return 'No analytics events\n'
  const rows = [
    ['APP', 'DAY', 'EVENT', 'COUNT'],
    ...counts.map((row) => [row.appId ?? '-', row.day, row.eventName, String(row.count)]),
  ]
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)))
  return rows
    .map((row) =>
      row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell)).join('  '),
    )
    .join('\n')
    .concat('\n')
}

/**
 * The exclusive lock on the embedded database's data directory for `command`, or undefined with
 * PostgreSQL (`DATABASE_URL`), which serves any number of processes. Throws `DataDirLockedError` while
 * another process (a running server) holds it.
 */
async function lockEmbeddedDatabase(
  config: ServerConfig,
  command: string,
  onCompromised?: (error: Error) => void,
): Promise<DataDirLock | undefined> {
  if (config.databaseUrl) return undefined
  return lockDataDir(config.dataDir, `foyer-server ${command}`, onCompromised ? { onCompromised } : {})
}

/**
 * Runs `run` on the migrated database; with PGlite, under the data directory's lock, so that a command
 * never writes to a database a running server holds (docs/operations.md#one-process-per-embedded-database).
 * PGlite has no read-only access beside another process either: reading commands take the lock too.
 */
async function withDatabase<T>(
  config: ServerConfig,
  command: string,
  run: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const lock = await lockEmbeddedDatabase(config, command)
  try {
    const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
    try {
      await migrate(db, { masterKey: config.masterKey })
      return await run(db)
    } finally {
      await db.close()
    }
  } finally {
    await lock?.release()
  }
}

async function start(config: ServerConfig): Promise<void> {
  const walletFrameDir = config.walletFrameDir ?? WALLET_FRAME_DIST_DIR
  if (config.env === 'production' && !(await readWalletFrameBundle(walletFrameDir)))
    throw new Error(
      `The wallet frame is not built (${walletFrameDir}): point FOYER_WALLET_FRAME_DIR at a built wallet frame, or reinstall @foyer/server (its package ships one in dist/wallet-frame); inside the Foyer repository, run npm run build -w @foyer/server`,
    )
  if (
    config.env === 'production' &&
    config.consoleOperators.length > 0 &&
    !(await readConsoleBundle(CONSOLE_DIST_DIR))
  )
    throw new Error(
      `The console is not built (${CONSOLE_DIST_DIR}): reinstall @foyer/server, or inside the Foyer repository run npm run build -w @foyer/server`,
    )
  // Held until the server has closed its database: CLI commands on the same PGlite directory are refused
  // meanwhile. Lost (the process stalled past the stale time, and another took it): stop serving.
  let onLockLost = (error: Error): void => {
    throw error
  }
  const lock = await lockEmbeddedDatabase(config, 'start', (error) => onLockLost(error))
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined
  let app: Awaited<ReturnType<typeof createApp>> | undefined
  try {
    db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
    await prepareDatabase(db, config)
    app = await createServer(db, config, walletFrameDir)
  } catch (error) {
    await db?.close()
    await lock?.release()
    throw error
  }
  onLockLost = await serve(app, db, config, lock)
}

/** The Fastify app `start` serves, from the configuration. */
function createServer(db: FoyerDatabase, config: ServerConfig, walletFrameDir: string) {
  return createApp({
    db,
    masterKey: config.masterKey,
    env: config.env,
    logger: { level: config.logLevel },
    ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
    ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
    methods: config.methods,
    features: config.features,
    ...(config.issuer ? { issuer: config.issuer } : {}),
    ...(config.turnstileVerifyUrl ? { captcha: { verifyUrl: config.turnstileVerifyUrl } } : {}),
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    ...(config.accessTokenTtlSeconds ? { accessTokenTtlSeconds: config.accessTokenTtlSeconds } : {}),
    ...(config.sessionIdleTimeoutSeconds
      ? { sessionIdleTimeoutSeconds: config.sessionIdleTimeoutSeconds }
      : {}),
    ...(config.rateLimits ? {} : { rateLimits: false as const }),
    devMailbox: config.devMailbox,
    metrics: config.metrics,
    ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
    ...(config.refreshTokenGraceSeconds ? { refreshTokenGraceSeconds: config.refreshTokenGraceSeconds } : {}),
    ...(config.analyticsRetentionDays ? { analyticsRetentionDays: config.analyticsRetentionDays } : {}),
    walletFrameDir,
    ...(config.googleDriveApiUrl ? { googleDriveApiUrl: config.googleDriveApiUrl } : {}),
    ...(config.cloudKitApiUrl ? { cloudKitApiUrl: config.cloudKitApiUrl } : {}),
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
    ...(config.sweepIntervalSeconds > 0
      ? {
          sweep: {
            intervalMs: config.sweepIntervalSeconds * 1000,
            guestMaxIdleSeconds: config.guestMaxIdleDays * 86_400,
          },
        }
      : {}),
    connections: {
      headersTimeoutMs: config.headersTimeoutSeconds * 1000,
      requestTimeoutMs: config.requestTimeoutSeconds * 1000,
      maxConnectionsPerIp: config.maxConnectionsPerIp,
    },
  })
}

/**
 * Listens, prints where, and installs the graceful shutdown, which closes the app, then the database, then
 * releases the data directory's lock. Returns what to do when that lock is lost: log and shut down.
 */
async function serve(
  app: Awaited<ReturnType<typeof createApp>>,
  db: FoyerDatabase,
  config: ServerConfig,
  lock: DataDirLock | undefined,
): Promise<(error: Error) => void> {
  // While draining before a shutdown, every answer asks the client to close its connection, and /readyz
  // says 503 so that the load balancer stops sending new requests.
  let draining = false
  app.addHook('onRequest', async (request, reply) => {
    if (!draining) return
    reply.header('connection', 'close')
    if (request.url === '/readyz')
      return reply.code(503).send({ error: 'Not ready: shutting down', code: 'internal_error' })
  })
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close()
    await db.close()
    await lock?.release()
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  await lock?.setUrl(`http://${host}:${port}`)
  process.stdout.write(`Foyer server listening on http://${host}:${port}\n`)
  if (config.devMailbox) process.stdout.write(`Dev mailbox: http://${host}:${port}/dev/mailbox\n`)
  else if (!config.smtpUrl)
    process.stdout.write('No SMTP_URL and no FOYER_DEV_MAILBOX=1: login codes by email are not delivered\n')
  // Graceful shutdown on SIGTERM or SIGINT: first drain for FOYER_SHUTDOWN_DRAIN_MS (default
  // 1 s), still serving — requests already sent on kept-alive connections are read and answered, with
  // `Connection: close` — then stop accepting, let the requests in flight finish and close the database
  // pool. Forced out after FOYER_SHUTDOWN_GRACE_MS (default 10 s).
  closeWithGrace(
    { delay: config.shutdownGraceMs, logger: { error: (message) => app.log.error(message) } },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'closing after an unexpected error')
      else app.log.info({ signal }, 'closing: finishing the requests in flight')
      draining = true
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
      await app.close()
      await db.close()
      await lock?.release()
    },
  )
  return (error) => {
    app.log.error(
      { err: error },
      'the lock on the data directory was lost (another process may open the database now): shutting down',
    )
    process.kill(process.pid, 'SIGTERM')
  }
}

/**
 * The `foyer-server` CLI. Returns the process exit code (the server keeps running after `start`).
 *
 * @example await main(['app', 'create', '--name', 'Shop', '--origin', 'https://shop.example'])
 */
export async function main(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      settings: { type: 'string' },
      app: { type: 'string' },
      days: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const [first, second, appId] = positionals
  const withAppId = first === 'app' && (second === 'update' || second === 'rotate-secret')
  const command = withAppId ? `app ${second}` : positionals.join(' ')
  if (values.help || !command) {
    process.stdout.write(`${usage}\n`)
    return values.help ? 0 : 1
  }
  // The signer process holds no master key and opens no database: it reads only its own variables.
  if (command === 'signer' || command === 'signer init')
    return signerCommand(command === 'signer' ? 'start' : 'init', environment)
  const config = await loadConfig(environment, process.cwd())
  switch (command) {
    case 'migrate':
      await withDatabase(config, 'migrate', async () => undefined)
      process.stdout.write('Migrations applied\n')
      return 0
    case 'app create': {
      if (!values.name) {
        process.stderr.write('app create needs --name <name>\n')
        return 1
      }
      const name = values.name
      const app = await withDatabase(config, 'app create', (db) =>
        createAppRecord(db, { name, allowedOrigins: values.origin ?? [], masterKey: config.masterKey }),
      )
      process.stdout.write(`${app.id}\n`)
      return 0
    }
    case 'app list': {
      const apps = await withDatabase(config, 'app list', (db) => listAppRecords(db, config.masterKey))
      if (values.json) {
        const list = apps.map((app) => ({
          id: app.id,
          name: app.name,
          allowed_origins: app.allowedOrigins,
          created_at: Math.floor(app.createdAt.getTime() / 1000),
        }))
        process.stdout.write(`${JSON.stringify(list, null, 2)}\n`)
      } else {
        for (const app of apps)
          process.stdout.write(`${app.id}  ${app.name}  ${app.allowedOrigins.join(' ')}\n`)
      }
      return 0
    }
    case 'app update': {
      if (!appId || !values.settings) {
        process.stderr.write('app update needs <id> --settings <json>\n')
        return 1
      }
      let overrides: Record<string, unknown>
      try {
        overrides = JSON.parse(values.settings) as Record<string, unknown>
      } catch {
        process.stderr.write('--settings must be a JSON object\n')
        return 1
      }
      const updated = await withDatabase(config, 'app update', (db) =>
        updateAppSettings(db, appId, overrides, config.masterKey),
      )
      if (!updated) {
        process.stderr.write(`No app ${appId}\n`)
        return 1
      }
      // The settings it changed, as stored now, secrets masked.
      const masked = appSettingsCodec.mask(updated.settings) as Record<string, unknown>
      const changed = Object.fromEntries(Object.keys(overrides).map((key) => [key, masked[key]]))
      process.stdout.write(`${JSON.stringify(changed)}\n`)
      return 0
    }
    case 'app rotate-secret': {
      const secret = appId
        ? await withDatabase(config, 'app rotate-secret', (db) =>
            rotateAppSecret({ db, now: Date.now }, appId),
          )
        : null
      if (secret === null) {
        process.stderr.write(appId ? `No app ${appId}\n` : 'app rotate-secret needs <id>\n')
        return 1
      }
      process.stdout.write(`${secret}\n`)
      return 0
    }
    case 'start':
      await start(config)
      return 0
    case 'master-key rotate': {
      const encoded = environment.FOYER_NEW_MASTER_KEY?.trim() ?? ''
      const newKey = new Uint8Array(Buffer.from(encoded, 'base64'))
      if (
        newKey.byteLength !== 32 ||
        Buffer.from(newKey).toString('base64') !== encoded.replace(/=*$/, '=')
      ) {
        process.stderr.write('master-key rotate needs FOYER_NEW_MASTER_KEY: 32 bytes in base64\n')
        return 1
      }
      const counts = await withDatabase(config, 'master-key rotate', (db) =>
        rotateMasterKey(db, config.masterKey, newKey),
      )
      for (const [kind, count] of Object.entries(counts)) process.stdout.write(`${kind}  ${count}\n`)
      process.stdout.write('Re-sealed under the new key: start the servers with FOYER_MASTER_KEY set to it\n')
      return 0
    }
    case 'sweep': {
      const deleted = await withDatabase(config, 'sweep', (db) =>
        sweepExpired(db, { now: new Date(), guestMaxIdleMs: config.guestMaxIdleDays * DAY_MS }),
      )
      process.stdout.write(
        values.json
          ? `${JSON.stringify(deleted, null, 2)}\n`
          : Object.entries(deleted)
              .map(([kind, count]) => `${kind}  ${count}\n`)
              .join(''),
      )
      return 0
    }
    case 'analytics counts': {
      const days = values.days === undefined ? undefined : Number(values.days)
      if (days !== undefined && !(Number.isInteger(days) && days > 0)) {
        process.stderr.write('--days must be a whole number of days above 0\n')
        return 1
      }
      // `--days 1`: today (UTC) only; `--days 7`: today and the 6 days before.
      const since = days === undefined ? undefined : new Date(startOfUtcDay(Date.now()) - (days - 1) * DAY_MS)
      const counts = await withDatabase(config, 'analytics counts', (db) =>
        countAnalyticsEvents(db, { appId: values.app, since }),
      )
      process.stdout.write(values.json ? `${JSON.stringify(counts, null, 2)}\n` : formatCounts(counts))
      return 0
    }
    default:
      process.stderr.write(`Unknown command: ${command}\n\n${usage}\n`)
      return 1
  }
}
