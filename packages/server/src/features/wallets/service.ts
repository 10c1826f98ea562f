import {
  type AuthShareResponse,
  type ChainType,
  type CreateAdditionalEmbeddedWalletRequest,
  type CreateEmbeddedWalletRequest,
  type EmbeddedWallet,
  ethereumAddressSchema,
  type ImportEmbeddedWalletRequest,
  type RecoveryMaterial,
  type RecoveryMethod,
  recoveryUploadSchema,
  type SetRecoveryRequest,
  solanaAddressSchema,
  toUserDid,
  walletAddressProofMessage,
} from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm'
import { type Hex, recoverMessageAddress } from 'viem'
import { deriveKey } from '../../crypto/deriveKey'
import { randomId } from '../../crypto/randomId'
import { openSecret, sealSecret } from '../../crypto/secretBox'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { assertMfaVerified, assertNotGuest } from '../mfa/verifications'
import { linkedAccounts } from '../users/schema'
import { embeddedWallets, walletEntropies } from './schema'

type EntropyRow = typeof walletEntropies.$inferSelect
type WalletRow = typeof embeddedWallets.$inferSelect

const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)
const shareKey = (context: ServerContext) => deriveKey(context.masterKey, 'wallet-share-encryption')
const authShareAad = (rowId: string) => `wallet-auth-share:${rowId}`
const recoveryAad = (rowId: string) => `wallet-recovery:${rowId}`

function checkAddress(chainType: ChainType, address: string, field: string): void {
  const schema = chainType === 'ethereum' ? ethereumAddressSchema : solanaAddressSchema
  if (!schema.safeParse(address).success) throw foyerError('notAnAddress', { field, chainType })
}

/**
 * Checks that `signature` is the wallet key's own signature over {@link walletAddressProofMessage} for this
 * app, user, chain type, index and address (`docs/security.md#wallet-addresses`): EIP-191 recovery for
 * Ethereum, ed25519 verification with the address's public key for Solana. Throws 400 `invalid_data`
 * 'The wallet address is not proven by its key'.
 */
async function assertAddressProven(parameters: {
  appId: string
  userId: string
  chainType: ChainType
  walletIndex: number
  address: string
  signature: string
}): Promise<void> {
  const message = walletAddressProofMessage({
    appId: parameters.appId,
    userId: toUserDid(parameters.userId),
    chainType: parameters.chainType,
    walletIndex: parameters.walletIndex,
    address: parameters.address,
  })
  let proven = false
  try {
    if (parameters.chainType === 'ethereum') {
      if (/^0x[0-9a-fA-F]{130}$/.test(parameters.signature)) {
        const signer = await recoverMessageAddress({ message, signature: parameters.signature as Hex })
        proven = signer.toLowerCase() === parameters.address.toLowerCase()
      }
    } else {
      const signature = Buffer.from(parameters.signature, 'base64')
      const publicKey = base58.decode(parameters.address)
      proven =
        signature.length === 64 &&
        publicKey.length === 32 &&
        ed25519.verify(signature, new TextEncoder().encode(message), publicKey)
    }
  } catch {
    proven = false
  }
  if (!proven) throw foyerError('walletAddressNotProven')
}

/** SQL condition: `column` equals `address` (case-insensitive for Ethereum hex addresses). */
function sameAddress(chainType: ChainType, column: typeof walletEntropies.entropyId, address: string) {
  return chainType === 'ethereum' ? sql`lower(${column}) = ${address.toLowerCase()}` : eq(column, address)
}

function toEmbeddedWallet(entropy: EntropyRow, wallet: WalletRow): EmbeddedWallet {
  return {
    address: wallet.address,
    chain_type: wallet.chainType as ChainType,
    wallet_index: wallet.walletIndex,
    entropy_id: entropy.entropyId,
    entropy_id_verifier:
      wallet.chainType === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
    recovery_method: entropy.recoveryMethod as RecoveryMethod,
    imported: entropy.imported,
    created_at: toSeconds(wallet.createdAt),
  }
}

async function findEntropy(db: FoyerDatabase, userId: string, chainType: ChainType, entropyId: string) {
  const [row] = await db.orm
    .select()
    .from(walletEntropies)
    .where(
      and(
        eq(walletEntropies.userId, userId),
        eq(walletEntropies.chainType, chainType),
        sameAddress(chainType, walletEntropies.entropyId, entropyId),
      ),
    )
    .limit(1)
  return row ?? null
}

async function requireEntropy(db: FoyerDatabase, userId: string, chainType: ChainType, entropyId: string) {
  const row = await findEntropy(db, userId, chainType, entropyId)
  if (!row) throw foyerError('embeddedWalletNotFound')
  return row
}

/** Every embedded wallet of `userId`, by chain type then index. */
export async function listEmbeddedWallets(db: FoyerDatabase, userId: string): Promise<EmbeddedWallet[]> {
  const rows = await db.orm
    .select({ entropy: walletEntropies, wallet: embeddedWallets })
    .from(embeddedWallets)
    .innerJoin(walletEntropies, eq(embeddedWallets.entropyRowId, walletEntropies.id))
    .where(eq(embeddedWallets.userId, userId))
    .orderBy(asc(embeddedWallets.chainType), asc(embeddedWallets.walletIndex))
  return rows.map((row) => toEmbeddedWallet(row.entropy, row.wallet))
}

class LostRace extends Error {}

/**
 * Stores a new wallet at index 0 with its entropy's shares (docs/limits.md): the auth share and the recovery
 * material sealed with AES-256-GCM under a master-key sub-key, bound to the row id. One entropy per
 * (user, chain type): a second create — or every loser of a race — gets 400 `resource_conflict`
 * 'User already has an embedded wallet.'. 400 `invalid_data` when the address is not of `chain_type` or
 * not proven by its own key's `address_signature` (`docs/security.md#wallet-addresses`).
 */
export async function createEmbeddedWallet(
  context: ServerContext,
  parameters: { appId: string; userId: string; body: CreateEmbeddedWalletRequest },
): Promise<EmbeddedWallet> {
  const { appId, userId, body } = parameters
  checkAddress(body.chain_type, body.address, 'address')
  await assertAddressProven({
    appId,
    userId,
    chainType: body.chain_type,
    walletIndex: 0,
    address: body.address,
    signature: body.address_signature,
  })
  const now = new Date(context.now())
  const entropyRowId = randomId(25)
  const key = shareKey(context)
  const entropyRow: EntropyRow = {
    id: entropyRowId,
    appId,
    userId,
    chainType: body.chain_type,
    entropyId: body.address,
    authShare: sealSecret(key, body.auth_share, authShareAad(entropyRowId)),
    recoveryMethod: body.recovery.recovery_method,
    recovery: sealSecret(key, JSON.stringify(body.recovery), recoveryAad(entropyRowId)),
    imported: false,
    createdAt: now,
    updatedAt: now,
  }
  const walletRow: WalletRow = {
    id: randomId(25),
    appId,
    userId,
    entropyRowId,
    chainType: body.chain_type,
    walletIndex: 0,
    address: body.address,
    createdAt: now,
  }
  try {
    await insertEntropyWithWallet(context, entropyRow, walletRow)
  } catch (error) {
    if (error instanceof LostRace) throw foyerError('embeddedWalletExists')
    throw error
  }
  return toEmbeddedWallet(entropyRow, walletRow)
}

/**
 * Stores a private key the user imported in the wallet frame (docs/embedded-wallets.md#imported-keys) as an
 * entropy of its own, marked `imported`, with its one wallet at index 0: the same 2-of-3 share model as a
 * generated wallet (the auth share and the recovery material sealed under a master-key sub-key, bound to the
 * row id). A user may import several keys beside the generated wallet. 400 `invalid_data` when the address is
 * not of `chain_type` or not proven by the key's own `address_signature` at index 0; 400
 * `resource_conflict` 'This address is already an embedded wallet' when it is one in this app (this user's
 * or another's; atomic: the unique (app, chain type, address) rows), 'This wallet is linked to another
 * account' when another user of the app signed in with it as an external wallet.
 */
export async function importEmbeddedWallet(
  context: ServerContext,
  parameters: { appId: string; userId: string; body: ImportEmbeddedWalletRequest },
): Promise<EmbeddedWallet> {
  const { appId, userId, body } = parameters
  checkAddress(body.chain_type, body.address, 'address')
  await assertAddressProven({
    appId,
    userId,
    chainType: body.chain_type,
    walletIndex: 0,
    address: body.address,
    signature: body.address_signature,
  })
  const subject = body.chain_type === 'ethereum' ? body.address.toLowerCase() : body.address
  const [elsewhere] = await context.db.orm
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(
      and(
        eq(linkedAccounts.appId, appId),
        inArray(linkedAccounts.type, ['siwe', 'siws']),
        eq(linkedAccounts.subject, subject),
        ne(linkedAccounts.userId, userId),
      ),
    )
    .limit(1)
  if (elsewhere) throw foyerError('walletLinkedToAnotherUser')
  const now = new Date(context.now())
  const entropyRowId = randomId(25)
  const key = shareKey(context)
  const entropyRow: EntropyRow = {
    id: entropyRowId,
    appId,
    userId,
    chainType: body.chain_type,
    entropyId: body.address,
    authShare: sealSecret(key, body.auth_share, authShareAad(entropyRowId)),
    recoveryMethod: body.recovery.recovery_method,
    recovery: sealSecret(key, JSON.stringify(body.recovery), recoveryAad(entropyRowId)),
    imported: true,
    createdAt: now,
    updatedAt: now,
  }
  const walletRow: WalletRow = {
    id: randomId(25),
    appId,
    userId,
    entropyRowId,
    chainType: body.chain_type,
    walletIndex: 0,
    address: body.address,
    createdAt: now,
  }
  try {
    await insertEntropyWithWallet(context, entropyRow, walletRow)
  } catch (error) {
    if (error instanceof LostRace) throw foyerError('embeddedWalletAddressTaken')
    throw error
  }
  return toEmbeddedWallet(entropyRow, walletRow)
}

/** Inserts an entropy and its index-0 wallet in one transaction; throws `LostRace` when a unique row exists. */
async function insertEntropyWithWallet(
  context: ServerContext,
  entropyRow: EntropyRow,
  walletRow: WalletRow,
): Promise<void> {
  await context.db.orm.transaction(async (tx) => {
    const inserted = await tx
      .insert(walletEntropies)
      .values(entropyRow)
      .onConflictDoNothing()
      .returning({ id: walletEntropies.id })
    if (inserted.length === 0) throw new LostRace()
    const wallet = await tx
      .insert(embeddedWallets)
      .values(walletRow)
      .onConflictDoNothing()
      .returning({ id: embeddedWallets.id })
    if (wallet.length === 0) throw new LostRace()
  })
}

/**
 * Stores an additional HD wallet of the user's entropy `entropy_id` at the next index (index > 0 needs the
 * index-0 wallet; `docs/security.md#wallet-addresses`: only the next index, its address proven by
 * its own key). Throws 400 `invalid_request` 'An additional wallet needs the wallet at index 0' when there
 * is none, 400 `invalid_request` 'Only the next wallet index (n) can be added' for any other index, 400
 * `invalid_data` for an unproven address, 400 `invalid_request` 'An imported wallet has no additional
 * wallets' for an imported key's entropy, 400 `resource_conflict` 'Wallet index already exists' when a
 * concurrent call took the index.
 */
export async function createAdditionalEmbeddedWallet(
  context: ServerContext,
  parameters: { appId: string; userId: string; body: CreateAdditionalEmbeddedWalletRequest },
): Promise<EmbeddedWallet> {
  const { appId, userId, body } = parameters
  checkAddress(body.chain_type, body.address, 'address')
  const entropy = await findEntropy(context.db, userId, body.chain_type, body.entropy_id)
  if (!entropy) throw foyerError('firstWalletRequired')
  if (entropy.imported) throw foyerError('importedWalletHasNoIndexes')
  const [highest] = await context.db.orm
    .select({ index: max(embeddedWallets.walletIndex) })
    .from(embeddedWallets)
    .where(eq(embeddedWallets.entropyRowId, entropy.id))
  const nextIndex = (highest?.index ?? 0) + 1
  if (body.wallet_index !== nextIndex) throw foyerError('walletIndexNotNext', { nextIndex })
  await assertAddressProven({
    appId,
    userId,
    chainType: body.chain_type,
    walletIndex: body.wallet_index,
    address: body.address,
    signature: body.address_signature,
  })
  const walletRow: WalletRow = {
    id: randomId(25),
    appId,
    userId,
    entropyRowId: entropy.id,
    chainType: body.chain_type,
    walletIndex: body.wallet_index,
    address: body.address,
    createdAt: new Date(context.now()),
  }
  const inserted = await context.db.orm
    .insert(embeddedWallets)
    .values(walletRow)
    .onConflictDoNothing()
    .returning({ id: embeddedWallets.id })
  if (inserted.length === 0) throw foyerError('walletIndexExists')
  return toEmbeddedWallet(entropy, walletRow)
}

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
  const key = shareKey(context)
  const [updated] = await context.db.orm
    .update(walletEntropies)
    .set({
      authShare: sealSecret(key, body.auth_share, authShareAad(row.id)),
      recoveryMethod: body.recovery.recovery_method,
      recovery: sealSecret(key, JSON.stringify(body.recovery), recoveryAad(row.id)),
      updatedAt: new Date(context.now()),
    })
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

/**
 * Throws 400 `cannot_unlink_embedded_wallet` when `address` (any case) is one of the user's embedded
 * wallets: those are never unlinked (docs/limits.md; `/api/v1/siwe/unlink`, `/api/v1/siws/unlink`).
 */
export async function assertNotEmbeddedWallet(
  context: ServerContext,
  parameters: { userId: string; address: string },
): Promise<void> {
  const [row] = await context.db.orm
    .select({ id: embeddedWallets.id })
    .from(embeddedWallets)
    .where(
      and(
        eq(embeddedWallets.userId, parameters.userId),
        sql`lower(${embeddedWallets.address}) = ${parameters.address.toLowerCase()}`,
      ),
    )
    .limit(1)
  if (row) throw foyerError('cannotUnlinkEmbeddedWallet')
}
