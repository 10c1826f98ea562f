import type { AppSettings, ErrorCode } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { AccountKind } from './features/users/AccountKind'
import type { RateLimitRule } from './http/resolveRateLimits'
import type { ServerContext } from './ServerContext'

/**
 * The routes of a plugin: a Fastify plugin registered with the app's {@link ServerContext}. A plugin that
 * holds settings of its own passes its routes a context extended with them (`{ ...context, telegram }`),
 * typed `PluginRoutes<TelegramContext>`.
 *
 * @example export const guestRoutes: PluginRoutes = async (app, { context }) => { endpointRoute(app, …) }
 */
export type PluginRoutes<Context extends ServerContext = ServerContext> = (
  app: FastifyInstance,
  options: { context: Context },
) => Promise<void>

/**
 * One sign-in method or feature of the server as one object the host lists (docs/plugins.md):
 * `createApp({ methods: [email(), sms({ twilio })], features: [mfa(), funding()] })`. `createApp`
 * registers each plugin's routes in list order, puts the methods' account kinds in the context and
 * the plugins' rate-limit rules among the limits in force. Nothing else reads the list.
 *
 * @example
 * export function guest(): SignInMethod<'guest'> {
 *   return { id: 'guest', options: {}, accounts: [guestAccountKind], routes: guestRoutes,
 *     rateLimits: { guest: { max: 100, timeWindowMs: 60_000 } }, errorCodes: [], settings: ['guest_auth'] }
 * }
 */
export type FoyerPlugin<Id extends string = string, Options = unknown> = {
  /** Unique within the app (`email`, `sms`, `mfa`, …): a later plugin with the same id is refused. */
  id: Id
  /** What the host passed to the plugin's factory (service URLs, timeouts, credentials), as given. */
  options: Options
  /** Its routes; invalid options make their registration, and so `createApp`, throw `Error`. */
  routes: PluginRoutes
  /**
   * Its own rate-limit rules by name, with their defaults: `createApp({ rateLimits: { [name]: rule } })`
   * overrides one (docs/plugins.md#rate-limits). Names are unique across the listed plugins.
   */
  rateLimits: Readonly<Record<string, RateLimitRule>>
  /** The error codes its routes answer besides the shared ones (session, app, captcha, link rules). */
  errorCodes: readonly ErrorCode[]
  /** The per-app settings (`AppSettings` keys) it reads. */
  settings: readonly (keyof AppSettings)[]
}

/**
 * A sign-in method: a plugin that also owns account kinds (`features/<method>/account.ts`: the stored
 * type, its wire shape, allow-list matching, link limit and transfer). The users, sessions and
 * account-transfer features read them from `ServerContext.accountKinds`, never by importing a method.
 */
export type SignInMethod<Id extends string = string, Options = unknown> = FoyerPlugin<Id, Options> & {
  /** The stored account types this method proves. */
  accounts: readonly AccountKind[]
}

/** A feature beyond sign-in (MFA, funding, …): a plugin without account kinds. */
export type Feature<Id extends string = string, Options = unknown> = FoyerPlugin<Id, Options>
