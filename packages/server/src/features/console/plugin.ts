import { emailSchema } from '@foyer/protocol'
import type { Feature, PluginRoutes } from '../../FoyerPlugin'
import type { ConsoleContext, ConsoleSettings } from './ConsoleContext'
import { ensureConsoleApp } from './consoleApp'
import { CONSOLE_DIST_DIR } from './page/prebuiltConsole'
import { consolePageRoutes } from './page/routes'
import { consoleApiRoutes } from './routes'

/** Options of {@link operatorConsole}. */
export type OperatorConsoleOptions = {
  /** The operators' email addresses (at least one): who may use the console once signed in with MFA. */
  operators: readonly string[]
  /** Where the built console page is; default the package's `dist/console`. */
  pageDir?: string | undefined
}

/**
 * The operators' addresses, checked and lower-cased. Throws `Error` for an empty list or an invalid address.
 *
 * @example resolveConsoleSettings({ operators: ['Ops@Example.com'] }).operators // Set { 'ops@example.com' }
 */
export function resolveConsoleSettings(options: OperatorConsoleOptions): ConsoleSettings {
  if (options.operators.length === 0) throw new Error('operatorConsole: list at least one operator email')
  const operators = options.operators.map((entry) => {
    const parsed = emailSchema.safeParse(entry)
    if (!parsed.success) throw new Error(`operatorConsole: not an email address: ${entry}`)
    return parsed.data.toLowerCase()
  })
  return { operators: new Set(operators), pageDir: options.pageDir ?? CONSOLE_DIST_DIR }
}

/**
 * The operator console (docs/console.md): the page at `/console`, the built-in console app operators sign
 * in to (created or put back at start), and the calls under `/api/v1/console/`, each authorised by the
 * operator guard. Its rule `console` limits console calls per IP and route. `foyer-server start` lists it
 * when `FOYER_CONSOLE_OPERATORS` names at least one operator. Invalid options (no operator, an address
 * that is not one) make `createApp` throw; so does production without a public URL.
 *
 * @example createApp({ db, masterKey, publicUrl: 'https://auth.example.com', features: [operatorConsole({ operators: ['ops@example.com'] })] })
 */
export function operatorConsole(options: OperatorConsoleOptions) {
  const routes: PluginRoutes = async (app, { context }) => {
    const consoleContext: ConsoleContext = { ...context, console: resolveConsoleSettings(options) }
    await ensureConsoleApp(consoleContext)
    await app.register(consolePageRoutes, { context: consoleContext })
    await app.register(consoleApiRoutes, { context: consoleContext })
  }
  return {
    id: 'console',
    options,
    routes,
    rateLimits: { console: { max: 300, timeWindowMs: 60_000 } },
    errorCodes: ['not_console_operator', 'missing_or_invalid_mfa', 'missing_or_invalid_token'],
    settings: [],
  } as const satisfies Feature<'console', OperatorConsoleOptions>
}
