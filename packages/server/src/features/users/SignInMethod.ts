import type { FastifyInstance } from 'fastify'
import type { ServerContext } from '../../ServerContext'
import type { AccountKind } from './AccountKind'

/** The Fastify plugin of a sign-in method's routes (registered with the app's {@link ServerContext}). */
export type SignInMethodRoutes = (app: FastifyInstance, options: { context: ServerContext }) => Promise<void>

/**
 * A sign-in method as one module (docs/adding-a-sign-in-method.md): a folder under
 * `features/` whose `method.ts` names the account kinds it owns (`account.ts`: wire mapping, allow-list
 * matching, link limit) and its routes (`routes.ts`). `features/signInMethods.ts` lists every
 * method; `createApp` registers their routes, and the users feature reads their account kinds from the
 * server context (`ServerContext.accountKinds`), never by importing a method (docs/architecture.md).
 */
export type SignInMethod = {
  /** Short name, as in the documented login method names (docs/wire.md). */
  name: string
  /** The stored account types this method proves. */
  accounts: readonly AccountKind[]
  /** The method's routes plugin. */
  routes: SignInMethodRoutes
}
