/**
 * The account routes of a sign-in method — `…/link`, `…/unlink`, `…/transfer` and `…/update` — from one
 * factory (docs/adding-a-sign-in-method.md; docs/linked-accounts.md#linking).
 */
import type { Endpoint, FixedServerErrorKey } from '@foyer/protocol'
import { routeSchema } from '@foyer/protocol'
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify'
import type { z } from 'zod'
import type { ServerContext } from '../../ServerContext'
import { transferAccount } from '../accountTransfer/service'
import type { LoadedApp } from '../apps/service'
import { assertMfaVerified } from '../mfa/verifications'
import { type RequireSessionReturnType, requireSession } from '../sessions/requireSession'
import type { AccountKind, AccountType } from './AccountKind'
import { linkAccountToUser } from './linkAccount'
import { replaceAccountSubject } from './replaceAccountSubject'
import { unlinkAccount } from './unlinkAccount'
import { requireUserJson } from './userJson'

/** The stored types a link can add (passkeys and guests are added by their own routes). */
export type LinkableType = Exclude<AccountType, 'passkey' | 'guest'>

/** The request body of `endpoint`, as its zod schema parses it. */
export type BodyOf<E extends Endpoint> = E extends { body: z.ZodType } ? z.infer<E['body']> : undefined

/** The user JSON every account route answers (the user after the change). */
export type AccountRoutesUser = Awaited<ReturnType<typeof requireUserJson>>

/** What a route's own code receives: the request, its reply, its parsed body and the caller's session. */
export type AccountRouteCall<E extends Endpoint> = {
  request: FastifyRequest
  reply: FastifyReply
  body: BodyOf<E>
  session: RequireSessionReturnType
  app: LoadedApp
}

/**
 * An account a link proved: its stored `type` (one of the routes' kinds; the first kind's when absent),
 * canonical `subject`, `details` and, for OAuth, the provider-verified email for the allow-list.
 */
export type ProvenAccount = {
  type?: LinkableType
  subject: string
  details?: Record<string, unknown>
  verifiedEmail?: string | null
}

/** A route's rate limit: the routes' shared rule (default), or none (`false`). */
type RouteOptions = { rateLimited?: boolean }

/** The account routes of one method; each present route is registered, in the order link, update, unlink, transfer. */
export type AccountRoutesOptions<
  Link extends Endpoint,
  Unlink extends Endpoint,
  Transfer extends Endpoint,
  Update extends Endpoint,
  Proof extends ProvenAccount,
> = {
  /** The account kinds the routes link, unlink and move (`features/<method>/account.ts`). */
  kinds: readonly AccountKind[]
  /** The route `config` with the method's per-IP rule (`rateLimitConfig(context.rateLimits?.<method>)`). */
  config: FastifyContextConfig
  /**
   * Checked first, after the session, by link and update: the method is on for the app (403
   * `disallowed_login_method`).
   */
  allowed?: (app: LoadedApp) => void
  /**
   * A user with a second factor needs a fresh MFA verification for link, update and unlink, spent by the
   * change (403 `missing_or_invalid_mfa`, docs/mfa.md#gates): checked before the proof is verified, spent
   * after (an unlink spends it first).
   */
  freshMfa?: boolean
  /** `…/link`: `prove` verifies the body's proof (consuming its single-use value) and returns the account. */
  link?: RouteOptions & {
    endpoint: Link
    prove: (call: AccountRouteCall<Link>) => Promise<Proof>
    /** The answer from the linked user (default: the user). */
    respond?: (user: AccountRoutesUser, proof: Proof) => unknown
  }
  /** `…/unlink`: `account` names the account to remove (never the user's last, `unlinkAccount`). */
  unlink?: RouteOptions & {
    endpoint: Unlink
    account: (call: AccountRouteCall<Unlink>) => Promise<{ type?: AccountType; subject: string }>
  }
  /**
   * `…/transfer`: `account` names the account the `account_transfer_required` nonce offered
   * (`transferAccount`): its canonical subject and the stored types it may be (default: the kinds' types).
   */
  transfer?: RouteOptions & {
    endpoint: Transfer
    account: (call: AccountRouteCall<Transfer>) => Promise<{ types?: readonly string[]; subject: string }>
  }
  /**
   * `…/update`: `prove` verifies the new identifier's proof and returns the old and new subjects;
   * `replaceAccountSubject` swaps them, throwing 404 `not_found` with `notFound` when the old one is not the
   * user's.
   */
  update?: RouteOptions & {
    endpoint: Update
    prove: (call: AccountRouteCall<Update>) => Promise<{ oldSubject: string; newSubject: string }>
    notFound: FixedServerErrorKey<'not_found'>
  }
}

/**
 * Registers a sign-in method's account routes on `app` with the protocol's schemas for body and answer
 * (`routeSchema(endpoint)`). Each route takes the user from the session, never from the body
 * (`requireSession`, docs/security.md property 57), runs the method's code, then:
 * - link: `linkAccountToUser` (one account per type unless `linkLimit` says more; an account another user
 *   holds is offered for transfer, 400 `account_transfer_required`, or refused, 400 `linked_to_another_user`).
 *   The caller's session and refresh token stay valid, a guest upgrade included (docs/linked-accounts.md#linking).
 * - unlink: `unlinkAccount` (404 `not_found`; 400 `cannot_unlink_sole_account`).
 * - transfer: `transferAccount` (docs/account-transfer.md; 401 `invalid_credentials` for a bad nonce).
 * - update: `replaceAccountSubject` (404 `not_found`; 400 `linked_to_another_user`).
 * Each answers the user JSON after the change.
 *
 * @example
 * await accountRoutes(app, context, {
 *   kinds: [telegramAccountKind],
 *   config,
 *   link: { endpoint: endpoints['POST /api/v1/telegram/link'], prove: async ({ app, body }) => … },
 *   unlink: { endpoint: endpoints['POST /api/v1/telegram/unlink'], account: async ({ body }) => ({ subject }) },
 * })
 */
export async function accountRoutes<
  Link extends Endpoint,
  Unlink extends Endpoint,
  Transfer extends Endpoint,
  Update extends Endpoint,
  Proof extends ProvenAccount,
>(
  app: FastifyInstance,
  context: ServerContext,
  options: AccountRoutesOptions<Link, Unlink, Transfer, Update, Proof>,
): Promise<void> {
  const { kinds, config, allowed, freshMfa = false } = options
  const [kind] = kinds
  if (!kind) throw new Error('accountRoutes: no account kind')
  const types = kinds.map((each) => each.type)
  const now = () => new Date(context.now())
  const routeConfig = (route: RouteOptions) => (route.rateLimited === false ? {} : { config })
  /** The stored type of a route's account: one of the kinds', the first when the method names none. */
  const typeOf = <T extends string>(type: T | undefined): T => {
    const chosen = type ?? (kind.type as T)
    if (!types.includes(chosen)) throw new Error(`accountRoutes: ${chosen} is not one of ${types.join(', ')}`)
    return chosen
  }
  /** Registers `endpoint`'s route: the session, then `handle`. */
  const route = <E extends Endpoint>(
    endpoint: E,
    routeOptions: RouteOptions,
    handle: (call: AccountRouteCall<E>) => Promise<unknown>,
  ) =>
    app.post(
      endpoint.path,
      {
        ...routeConfig(routeOptions),
        schema: routeSchema(endpoint) as FastifySchema,
      } as RouteShorthandOptions,
      async (request, reply) => {
        // The user comes from the session, never from the body (docs/security.md property 57).
        const session = await requireSession(context, request)
        return handle({ request, reply, body: request.body as BodyOf<E>, session, app: session.app })
      },
    )
  /** The fresh-verification gate of link, update and unlink (see `freshMfa`). */
  const mfaGate = async ({ session }: { session: RequireSessionReturnType }, spend: boolean) => {
    if (freshMfa)
      await assertMfaVerified(context, {
        sessionId: session.sessionId,
        userId: session.userId,
        need: 'fresh',
        ...(spend ? { spend: true } : {}),
      })
  }

  const { link, update, unlink, transfer } = options
  if (link)
    route(link.endpoint, link, async (call) => {
      allowed?.(call.app)
      await mfaGate(call, false)
      const proof = await link.prove(call)
      await mfaGate(call, true)
      const { userId } = call.session
      await linkAccountToUser(context, {
        appId: call.app.id,
        userId,
        type: typeOf(proof.type),
        subject: proof.subject,
        ...(proof.details ? { details: proof.details } : {}),
        ...(proof.verifiedEmail !== undefined ? { verifiedEmail: proof.verifiedEmail } : {}),
        now: now(),
      })
      const user = await requireUserJson(context, userId)
      return link.respond ? link.respond(user, proof) : user
    })

  if (update)
    route(update.endpoint, update, async (call) => {
      allowed?.(call.app)
      await mfaGate(call, false)
      const { oldSubject, newSubject } = await update.prove(call)
      await mfaGate(call, true)
      await replaceAccountSubject(context.db, {
        appId: call.app.id,
        userId: call.session.userId,
        type: typeOf<AccountType>(undefined),
        oldSubject,
        newSubject,
        now: now(),
        notFound: update.notFound,
      })
      return requireUserJson(context, call.session.userId)
    })

  if (unlink)
    route(unlink.endpoint, unlink, async (call) => {
      await mfaGate(call, true)
      const account = await unlink.account(call)
      await unlinkAccount(context.db, {
        appId: call.app.id,
        userId: call.session.userId,
        type: typeOf(account.type),
        subject: account.subject,
      })
      return requireUserJson(context, call.session.userId)
    })

  if (transfer)
    route(transfer.endpoint, transfer, async (call) => {
      const account = await transfer.account(call)
      await transferAccount(context, {
        appId: call.app.id,
        userId: call.session.userId,
        nonce: (call.body as unknown as { nonce: string }).nonce,
        types: account.types ?? types,
        subject: account.subject,
        now: now(),
      })
      return requireUserJson(context, call.session.userId)
    })
}
