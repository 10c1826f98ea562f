import { endpoints, headers, toUserDid } from '@foyer/protocol'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpointRoute } from '../../http/endpointRoute'
import { requireFrameOrigin } from '../../http/requireFrameOrigin'
import { requireApp } from '../apps/requireApp'
import { assertMfaVerified } from '../mfa/verifications'
import { requireSession } from '../sessions/requireSession'
import { assertTermsAccepted } from '../users/service'
import { requireDeviceProof } from '../walletDevices/service'
import {
  type DelegatedActionsContext,
  delegateWallets,
  delegationTerms,
  listDelegatedActivity,
  listDelegatedWallets,
  revokeDelegations,
} from './service'
import { SignerUnavailableError } from './signer/httpSignerClient'
import { handleWalletRpc } from './walletRpc'
import { queueWebhook, startWebhookRound } from './webhooks'

/** The JSON bodies as sent, before their schema strips anything: what authorization signatures sign. */
const rawBodies = new WeakMap<FastifyRequest, unknown>()

const headerValue = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return typeof value === 'string' ? value : undefined
}

/** The signer's public key (base64), null when none is configured or it is not reachable now. */
async function signerPublicKey(context: DelegatedActionsContext): Promise<string | null> {
  try {
    return (await context.delegatedActions.signer?.publicKey()) ?? null
  } catch (error) {
    if (!(error instanceof SignerUnavailableError)) throw error
    context.log.error({ err: error }, 'the signer is not reachable')
    return null
  }
}

/**
 * Delegated actions (docs/delegated-actions.md):
 * - `POST /api/v1/embedded_wallets/delegate` — the user's consent, sent by the wallet frame with its device
 *   proof, as the other key-material calls (live session, frame origin, terms, device proof, MFA where
 *   enrolled): the device share encrypted to the signer;
 * - `GET /api/v1/embedded_wallets/delegations` — a live session reads the app's terms (policy, daily limit),
 *   its user's delegated wallets and the signer's public key;
 * - `GET /api/v1/embedded_wallets/delegations/activity` — a live session lists its user's delegated requests
 *   to the app, newest first;
 * - `POST /api/v1/wallets/revoke` — a live session removes every delegation of its user to the app;
 * - `POST /api/v1/wallets/:wallet_id/rpc` — the app's back end signs with a delegated wallet, authorized by
 *   the app's authorization signature (no session).
 */
export async function delegatedActionsRoutes(
  app: FastifyInstance,
  options: { context: DelegatedActionsContext },
): Promise<void> {
  const { context } = options
  app.addHook('preValidation', async (request) => {
    rawBodies.set(request, request.body)
  })

  endpointRoute(app, endpoints['POST /api/v1/embedded_wallets/delegate'], {}, async (request) => {
    const session = await requireSession(context, request)
    requireFrameOrigin(request)
    await assertTermsAccepted(context.db, session.app, session.userId)
    await requireDeviceProof(context, request, session)
    // Handing the server a second share gives it the key: the same gate as the auth share's release.
    await assertMfaVerified(context, { sessionId: session.sessionId, userId: session.userId, need: 'recent' })
    let queued = false
    const delegated = await delegateWallets(context, {
      app: session.app,
      userId: session.userId,
      body: request.body,
      inTransaction: async (tx, wallets) => {
        queued = await queueWebhook(context, tx, {
          app: session.app,
          type: 'delegated_actions.created',
          data: { user_id: toUserDid(session.userId), wallets },
        })
      },
    })
    if (queued) startWebhookRound(context)
    return { delegated_wallets: delegated }
  })

  endpointRoute(app, endpoints['GET /api/v1/embedded_wallets/delegations'], {}, async (request, reply) => {
    const { app: foyerApp, userId } = await requireSession(context, request)
    const chainType = request.query.chain_type ?? 'ethereum'
    const terms = delegationTerms(foyerApp, chainType)
    reply.header('cache-control', 'no-store')
    return {
      policy: terms.policy,
      daily_value_limit_wei: chainType === 'ethereum' ? terms.dailyLimit : null,
      daily_lamports_limit: chainType === 'solana' ? terms.dailyLimit : null,
      delegated_wallets: await listDelegatedWallets(context, { appId: foyerApp.id, userId }),
      signer_public_key: await signerPublicKey(context),
    }
  })

  endpointRoute(
    app,
    endpoints['GET /api/v1/embedded_wallets/delegations/activity'],
    {},
    async (request, reply) => {
      const { app: foyerApp, userId } = await requireSession(context, request)
      reply.header('cache-control', 'no-store')
      return listDelegatedActivity(context, {
        appId: foyerApp.id,
        userId,
        limit: request.query.limit ?? 20,
        ...(request.query.cursor ? { cursor: request.query.cursor } : {}),
      })
    },
  )

  endpointRoute(app, endpoints['POST /api/v1/wallets/revoke'], {}, async (request) => {
    const { app: foyerApp, userId } = await requireSession(context, request)
    const { count, queued } = await context.db.orm.transaction(async (tx) => {
      const walletIds = await revokeDelegations(context, { appId: foyerApp.id, userId }, tx)
      const queued =
        walletIds.length > 0 &&
        (await queueWebhook(context, tx, {
          app: foyerApp,
          type: 'delegated_actions.revoked',
          data: { user_id: toUserDid(userId), wallet_ids: walletIds },
        }))
      return { count: walletIds.length, queued }
    })
    if (queued) startWebhookRound(context)
    return { message: count === 1 ? 'Revoked 1 delegated wallet' : `Revoked ${count} delegated wallets` }
  })

  endpointRoute(app, endpoints['POST /api/v1/wallets/:wallet_id/rpc'], {}, async (request, reply) => {
    const foyerApp = await requireApp(context, request)
    const base = context.publicUrl ?? `${request.protocol}://${request.host}`
    const answer = await handleWalletRpc(context, {
      app: foyerApp,
      walletId: request.params.wallet_id,
      url: `${base}${request.url}`.replace(/\/$/, ''),
      rawBody: rawBodies.get(request),
      body: request.body,
      signature: headerValue(request, headers.authorizationSignature),
      idempotencyKey: headerValue(request, headers.walletIdempotencyKey),
    })
    reply.header('cache-control', 'no-store')
    if (answer.status !== 200) return reply.code(answer.status as 200).send(answer.body as never)
    return answer.body as never
  })
}
