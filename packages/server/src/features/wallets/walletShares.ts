/** The shares of an embedded wallet: the MFA gate, their release and their replacement (docs/embedded-wallets.md). */
import {
  type AuthShareResponse,
  type ChainType,
  type EmbeddedWallet,
  type RecoveryMaterial,
  type RecoveryMethod,
  recoveryUploadSchema,
  type SetRecoveryRequest,
} from '@foyer/protocol'
import { and, eq } from 'drizzle-orm'
import { openSecret } from '../../crypto/secretBox'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { assertMfaVerified, assertNotGuest } from '../mfa/verifications'
import { embeddedWallets, walletEntropies } from './schema'
import {
  authShareAad,
  recoveryAad,
  requireEntropy,
  sealShares,
  shareKey,
  toEmbeddedWallet,
} from './walletRows'

/**
 * The gate of MFA-protected wallet actions. docs/security.md property 54: a guest cannot export a wallet key
 * nor pass a multi-factor-gated action until it upgrades (links an email, phone or wallet) → 403
 * `missing_or_invalid_mfa` with `action` in the message (401 when the user is gone). Then the MFA check of
 * the session (docs/security.md properties 15, 16, 63; `assertMfaVerified`): `need: 'recent'` a verification
 * within the window, `need: 'fresh'` an unspent one, which this call spends (export always asks) → 403
 * `missing_or_invalid_mfa` 'MFA verification required'.
 */
export async function assertMayPassMfaGate(
  context: ServerContext,
  parameters: { sessionId: string; userId: string; action: string; need: 'recent' | 'fresh' },
): Promise<void> {
  await assertNotGuest(context, parameters)
  await assertMfaVerified(context, { ...parameters, spend: parameters.need === 'fresh' })
}

/**
 * The auth share of the user's entropy (docs/security.md property 63: the caller has checked a live session
 * and, for a user with a second factor, the session's MFA verification). 404 `not_found` when unknown.
 */
export async function releaseAuthShare(
  context: ServerContext,
  parameters: { userId: string; chainType: ChainType; entropyId: string },
): Promise<AuthShareResponse> {
  const row = await requireEntropy(context.db, parameters.userId, parameters.chainType, parameters.entropyId)
  return {
    chain_type: parameters.chainType,
    entropy_id: row.entropyId,
    auth_share: openSecret(shareKey(context), row.authShare, authShareAad(row.id)),
    recovery_method: row.recoveryMethod as RecoveryMethod,
    imported: row.imported,
  }
}

/**
 * The recovery material of the user's entropy, per method: `privy` → the recovery key and the encrypted
 * share; `user-passcode` → salt, KDF parameters and the encrypted share only. 404 `not_found` when unknown.
 */
export async function releaseRecoveryMaterial(
  context: ServerContext,
  parameters: { userId: string; chainType: ChainType; entropyId: string },
): Promise<RecoveryMaterial> {
  const row = await requireEntropy(context.db, parameters.userId, parameters.chainType, parameters.entropyId)
  return recoveryUploadSchema.parse(
    JSON.parse(openSecret(shareKey(context), row.recovery, recoveryAad(row.id))),
  )
}

/**
 * Replaces the auth share and the recovery material of the user's entropy after the frame re-split it
 * (changing the recovery method). Returns the index-0 wallet. 404 `not_found` when unknown.
 */
export async function setRecoveryMethod(
  context: ServerContext,
  parameters: { userId: string; body: SetRecoveryRequest },
): Promise<EmbeddedWallet> {
  const { userId, body } = parameters
  const row = await requireEntropy(context.db, userId, body.chain_type, body.entropy_id)
  const [updated] = await context.db.orm
    .update(walletEntropies)
    .set({ ...sealShares(context, row.id, body), updatedAt: new Date(context.now()) })
    .where(eq(walletEntropies.id, row.id))
    .returning()
  const [wallet] = await context.db.orm
    .select()
    .from(embeddedWallets)
    .where(and(eq(embeddedWallets.entropyRowId, row.id), eq(embeddedWallets.walletIndex, 0)))
    .limit(1)
  if (!updated || !wallet) throw foyerError('embeddedWalletNotFound')
  return toEmbeddedWallet(updated, wallet)
}
