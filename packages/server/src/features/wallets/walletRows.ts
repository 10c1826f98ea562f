/** The rows of embedded wallets: sealed shares, address checks and the wire shape (docs/embedded-wallets.md). */
import {
  type ChainType,
  type EmbeddedWallet,
  ethereumAddressSchema,
  type RecoveryMethod,
  type RecoveryUpload,
  solanaAddressSchema,
  toUserDid,
  walletAddressProofMessage,
} from '@foyer/protocol'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { and, eq, sql } from 'drizzle-orm'
import { type Hex, recoverMessageAddress } from 'viem'
import { deriveKey } from '../../crypto/deriveKey'
import { sealSecret } from '../../crypto/secretBox'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { type embeddedWallets, walletEntropies } from './schema'

export type EntropyRow = typeof walletEntropies.$inferSelect
export type WalletRow = typeof embeddedWallets.$inferSelect

export const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000)
export const shareKey = (context: ServerContext) => deriveKey(context.masterKey, 'wallet-share-encryption')
export const authShareAad = (rowId: string) => `wallet-auth-share:${rowId}`
export const recoveryAad = (rowId: string) => `wallet-recovery:${rowId}`

/**
 * The columns of an entropy's shares as stored: the auth share and the recovery material (JSON) sealed with
 * AES-256-GCM under the master key's share sub-key, each bound to the entropy row `rowId` (docs/limits.md).
 */
export function sealShares(
  context: ServerContext,
  rowId: string,
  shares: { auth_share: string; recovery: RecoveryUpload },
): Pick<EntropyRow, 'authShare' | 'recoveryMethod' | 'recovery'> {
  const key = shareKey(context)
  return {
    authShare: sealSecret(key, shares.auth_share, authShareAad(rowId)),
    recoveryMethod: shares.recovery.recovery_method,
    recovery: sealSecret(key, JSON.stringify(shares.recovery), recoveryAad(rowId)),
  }
}

export function checkAddress(chainType: ChainType, address: string, field: string): void {
  const schema = chainType === 'ethereum' ? ethereumAddressSchema : solanaAddressSchema
  if (!schema.safeParse(address).success) throw foyerError('notAnAddress', { field, chainType })
}

/**
 * Checks that `signature` is the wallet key's own signature over {@link walletAddressProofMessage} for this
 * app, user, chain type, index and address (`docs/security.md#wallet-addresses`): EIP-191 recovery for
 * Ethereum, ed25519 verification with the address's public key for Solana. Throws 400 `invalid_data`
 * 'The wallet address is not proven by its key'.
 */
export async function assertAddressProven(parameters: {
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
export function sameAddress(chainType: ChainType, column: typeof walletEntropies.entropyId, address: string) {
  return chainType === 'ethereum' ? sql`lower(${column}) = ${address.toLowerCase()}` : eq(column, address)
}

export function toEmbeddedWallet(entropy: EntropyRow, wallet: WalletRow): EmbeddedWallet {
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

export async function findEntropy(
  db: FoyerDatabase,
  userId: string,
  chainType: ChainType,
  entropyId: string,
) {
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

export async function requireEntropy(
  db: FoyerDatabase,
  userId: string,
  chainType: ChainType,
  entropyId: string,
) {
  const row = await findEntropy(db, userId, chainType, entropyId)
  if (!row) throw foyerError('embeddedWalletNotFound')
  return row
}
