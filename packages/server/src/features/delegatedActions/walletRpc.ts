import { createHash } from 'node:crypto'
import {
  type AuthorizationSignatureRequest,
  authorizationSignaturePayload,
  encryptedShareSchema,
  toUserDid,
  type WalletRpcRequest,
  type WalletRpcResponse,
} from '@foyer/protocol'
import { and, eq } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import { FoyerHttpError } from '../../errors/FoyerHttpError'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import type { AppRecord } from '../apps/appRecords'
import { embeddedWallets, walletEntropies } from '../wallets/schema'
import { releaseSpending, reserveSpending, utcDay } from './dailySpending'
import { evaluatePolicy, type PolicyDecision } from './evaluatePolicy'
import { delegatedRequests, walletDelegations } from './schema'
import { sendEthereumTransaction, sendSolanaTransaction, signWith } from './sendTransactions'
import {
  type DelegatedActionsContext,
  delegatedActionsSettings,
  delegationBinding,
  openAuthShare,
  requireSigner,
} from './service'
import type { SignInput } from './signer/createSigner'
import { decodeSolanaTransaction } from './solanaTransaction'
import { verifyAuthorizationSignature } from './verifyAuthorizationSignature'
import { policyRequest, recordedSubject, spentValue } from './walletRequest'
import { queueWebhook, startWebhookRound } from './webhooks'

/** A `privy-idempotency-key` value: 16 to 255 visible ASCII characters (a UUID is 36). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{16,255}$/

/** What the wallet API answers: the status and the JSON body. */
export type WalletRpcAnswer = { status: number; body: WalletRpcResponse | { error: string; code: string } }

/**
 * One request of the app's back end to a delegated wallet (docs/delegated-actions.md#wallet-api), in order:
 * the idempotency key is required (400 `invalid_request`); one of the app's authorization keys must sign the
 * request (401 `invalid_authorization_signature`); the wallet must be delegated to this app (403
 * `user_has_not_delegated_wallet`); the request is recorded under its key — a retry of the same request gets
 * the first answer, the key on another request 400 `invalid_request`, while the first still runs 409
 * `resource_conflict`; the
 * delegation's policy decides (403 `policy_violation` with its reason); a send adds its value to the day's
 * total in one statement that refuses to pass the daily limit (403 `policy_violation`); then the signer
 * rebuilds the key from the two shares, signs (and sends), and wipes it. Errors before the record throw;
 * answers after it are returned and stored.
 */
export async function handleWalletRpc(
  context: DelegatedActionsContext,
  parameters: {
    app: AppRecord
    walletId: string
    url: string
    rawBody: unknown
    body: WalletRpcRequest
    signature: string | undefined
    idempotencyKey: string | undefined
  },
): Promise<WalletRpcAnswer> {
  const { app, body, idempotencyKey } = parameters
  if (!idempotencyKey || !IDEMPOTENCY_KEY.test(idempotencyKey))
    throw foyerError('walletIdempotencyKeyRequired')
  const signed: AuthorizationSignatureRequest = {
    method: 'POST',
    url: parameters.url,
    body: parameters.rawBody,
    appId: app.id,
    idempotencyKey,
  }
  const keys = delegatedActionsSettings(app).authorization_public_keys
  if (
    !keys.some((publicKey) =>
      verifyAuthorizationSignature({ publicKey, header: parameters.signature, request: signed }),
    )
  )
    throw foyerError('invalidAuthorizationSignature')

  const [found] = await context.db.orm
    .select({ wallet: embeddedWallets, delegation: walletDelegations, entropy: walletEntropies })
    .from(walletDelegations)
    .innerJoin(embeddedWallets, eq(embeddedWallets.id, walletDelegations.walletId))
    .innerJoin(walletEntropies, eq(walletEntropies.id, embeddedWallets.entropyRowId))
    .where(and(eq(walletDelegations.walletId, parameters.walletId), eq(walletDelegations.appId, app.id)))
    .limit(1)
  if (!found) throw foyerError('walletNotDelegated')
  const { wallet, delegation, entropy } = found
  if (
    (body.method === 'signTransaction' || body.method === 'signAndSendTransaction') &&
    !decodeSolanaTransaction(body.params.transaction)
  )
    throw foyerError('invalidWalletRequest', {
      reason: 'The transaction cannot be decoded, or it loads accounts from address lookup tables',
    })

  const requestHash = createHash('sha256').update(authorizationSignaturePayload(signed)).digest('hex')
  const nowSeconds = Math.floor(context.now() / 1000)
  const decision = evaluatePolicy(delegation.policy, policyRequest(body, nowSeconds))
  const recordId = randomId(25)
  const [claimed] = await context.db.orm
    .insert(delegatedRequests)
    .values({
      id: recordId,
      appId: app.id,
      userId: wallet.userId,
      walletId: wallet.id,
      walletAddress: wallet.address,
      idempotencyKey,
      requestHash,
      method: body.method,
      ...recordedSubject(body, wallet.address),
      decision: decision.decision,
      rule: decision.rule,
      reason: decision.decision === 'DENY' ? decision.reason : null,
      createdAt: new Date(context.now()),
    })
    .onConflictDoNothing({ target: [delegatedRequests.appId, delegatedRequests.idempotencyKey] })
    .returning({ id: delegatedRequests.id })
  if (!claimed) return replay(context, { appId: app.id, idempotencyKey, requestHash })

  const answer = await act(context, { wallet, delegation, entropy, body, decision, recordId })
  // The answer and, for a signature, its webhook event are stored together.
  const queued = await context.db.orm.transaction(async (tx) => {
    await tx
      .update(delegatedRequests)
      .set({ status: answer.status, result: answer.body as Record<string, unknown> })
      .where(eq(delegatedRequests.id, recordId))
    if (answer.status !== 200) return false
    const subject = recordedSubject(body, wallet.address)
    const data = (answer.body as { data?: { hash?: string } }).data
    return queueWebhook(context, tx, {
      app,
      type: 'delegated_actions.signed',
      data: {
        request_id: recordId,
        user_id: toUserDid(wallet.userId),
        wallet_id: wallet.id,
        wallet_address: wallet.address,
        method: body.method,
        caip2: subject.caip2,
        to: subject.toAddress,
        value_wei: subject.valueWei,
        transaction_hash: data?.hash ?? null,
      },
    })
  })
  if (queued) startWebhookRound(context)
  return answer
}

/** The stored answer of an earlier request with the same key. */
async function replay(
  context: ServerContext,
  parameters: { appId: string; idempotencyKey: string; requestHash: string },
): Promise<WalletRpcAnswer> {
  const [earlier] = await context.db.orm
    .select()
    .from(delegatedRequests)
    .where(
      and(
        eq(delegatedRequests.appId, parameters.appId),
        eq(delegatedRequests.idempotencyKey, parameters.idempotencyKey),
      ),
    )
    .limit(1)
  if (!earlier || earlier.requestHash !== parameters.requestHash)
    throw foyerError('walletIdempotencyKeyReused')
  if (earlier.status === null || !earlier.result) throw foyerError('idempotentRequestRunning')
  return { status: earlier.status, body: earlier.result as WalletRpcAnswer['body'] }
}

const errorAnswer = (error: FoyerHttpError): WalletRpcAnswer => ({
  status: error.statusCode,
  body: { error: error.message, code: error.code },
})

/**
 * A delegation's stored ciphertext. A row sealed by an older version (AES-GCM under the master key, before
 * the signer held the key) is not one: 400 `invalid_data`, and the user consents again.
 */
function storedShare(share: string): SignInput['encryptedShare'] {
  const parsed = encryptedShareSchema.safeParse(
    (() => {
      try {
        return JSON.parse(share)
      } catch {
        return null
      }
    })(),
  )
  if (!parsed.success) throw foyerError('delegatedShareMismatch')
  return parsed.data
}

/** Decides, reserves and signs one recorded request; every outcome is an answer to store. */
async function act(
  context: DelegatedActionsContext,
  parameters: {
    wallet: typeof embeddedWallets.$inferSelect
    delegation: typeof walletDelegations.$inferSelect
    entropy: typeof walletEntropies.$inferSelect
    body: WalletRpcRequest
    decision: PolicyDecision
    recordId: string
  },
): Promise<WalletRpcAnswer> {
  const { wallet, delegation, entropy, body, decision } = parameters
  if (decision.decision === 'DENY')
    return errorAnswer(foyerError('policyDenied', { reason: decision.reason }))
  let reserved: { walletId: string; day: string; value: bigint } | null = null
  let rpcUrl: string | undefined
  if (body.method === 'eth_sendTransaction') {
    rpcUrl = context.delegatedActions.rpcUrls.get(Number(body.caip2.slice('eip155:'.length)))
    if (!rpcUrl) return errorAnswer(foyerError('unsupportedChain', { caip2: body.caip2 }))
  }
  if (body.method === 'signAndSendTransaction') {
    rpcUrl = context.delegatedActions.solanaRpcUrls.get(body.caip2)
    if (!rpcUrl) return errorAnswer(foyerError('unsupportedChain', { caip2: body.caip2 }))
  }
  const value = spentValue(body, wallet.address)
  if (delegation.dailyValueLimitWei !== null && value > 0n) {
    const limit = BigInt(delegation.dailyValueLimitWei)
    const spending = { walletId: wallet.id, day: utcDay(context.now()), value }
    if (!(await reserveSpending(context, { ...spending, limit }))) {
      const error = foyerError('dailyLimitExceeded', {
        limit: limit.toString(),
        unit: wallet.chainType === 'solana' ? 'lamports' : 'wei',
      })
      await context.db.orm
        .update(delegatedRequests)
        .set({ decision: 'DENY', reason: error.message })
        .where(eq(delegatedRequests.id, parameters.recordId))
      return errorAnswer(error)
    }
    reserved = spending
  }
  try {
    const signer = requireSigner(context)
    const input: SignInput = {
      binding: delegationBinding({
        appId: delegation.appId,
        userId: delegation.userId,
        chainType: wallet.chainType,
        entropyId: entropy.entropyId,
        policy: delegation.policy,
        dailyLimit: delegation.dailyValueLimitWei,
      }),
      encryptedShare: storedShare(delegation.share),
      authShare: openAuthShare(context, entropy),
      walletIndex: wallet.walletIndex,
      address: wallet.address,
      request: body,
    }
    switch (body.method) {
      case 'personal_sign':
      case 'eth_signTypedData_v4': {
        const signature = await signWith(context, signer, input)
        return { status: 200, body: { method: body.method, data: { signature, encoding: 'hex' } } }
      }
      case 'signMessage': {
        const signature = await signWith(context, signer, input)
        return { status: 200, body: { method: body.method, data: { signature, encoding: 'base64' } } }
      }
      case 'signTransaction': {
        const signed = await signWith(context, signer, input)
        return {
          status: 200,
          body: { method: body.method, data: { signed_transaction: signed, encoding: 'base64' } },
        }
      }
      case 'eth_sendTransaction': {
        const hash = await sendEthereumTransaction(context, {
          signer,
          input,
          rpcUrl: rpcUrl!,
          walletId: wallet.id,
        })
        return { status: 200, body: { method: body.method, data: { hash, caip2: body.caip2 } } }
      }
      case 'signAndSendTransaction': {
        const hash = await sendSolanaTransaction(context, { signer, input, rpcUrl: rpcUrl! })
        return { status: 200, body: { method: body.method, data: { hash, caip2: body.caip2 } } }
      }
    }
  } catch (error) {
    if (reserved) await releaseSpending(context, reserved)
    if (error instanceof FoyerHttpError) return errorAnswer(error)
    context.log.warn({ err: error, method: body.method }, 'delegated wallet request failed')
    return errorAnswer(foyerError('transactionFailed'))
  }
}
