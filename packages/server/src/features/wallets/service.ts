import type {
  CreateAdditionalEmbeddedWalletRequest,
  CreateEmbeddedWalletRequest,
  EmbeddedWallet,
  ImportEmbeddedWalletRequest,
} from '@foyer/protocol'
import { and, asc, eq, inArray, max, ne, sql } from 'drizzle-orm'
import { randomId } from '../../crypto/randomId'
import type { FoyerDatabase } from '../../db/FoyerDatabase'
import { foyerError } from '../../errors/foyerError'
import type { ServerContext } from '../../ServerContext'
import { linkedAccounts } from '../users/schema'
import { embeddedWallets, walletEntropies } from './schema'
import {
  assertAddressProven,
  checkAddress,
  type EntropyRow,
  findEntropy,
  sealShares,
  toEmbeddedWallet,
  type WalletRow,
} from './walletRows'

export {
  assertMayPassMfaGate,
  releaseAuthShare,
  releaseRecoveryMaterial,
  setRecoveryMethod,
} from './walletShares'

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
  await assertFirstAddressProven(parameters)
  return storeNewEntropy(context, { ...parameters, imported: false })
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
  await assertFirstAddressProven(parameters)
  await assertNotAnotherUsersExternalWallet(context, parameters)
  return storeNewEntropy(context, { ...parameters, imported: true })
}

/** Thrown inside {@link storeNewEntropy}'s transaction to undo it when a unique row is in the way. */
class UniqueRowTaken extends Error {}

/** The body a new entropy arrives with: its index-0 address, that address's proof and the shares. */
type NewEntropyBody = CreateEmbeddedWalletRequest | ImportEmbeddedWalletRequest

/** 400 `invalid_data` unless `body.address` is an address of its chain proven by its own key at index 0. */
async function assertFirstAddressProven(parameters: {
  appId: string
  userId: string
  body: NewEntropyBody
}): Promise<void> {
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
}

/** 400 `resource_conflict` 'This wallet is linked to another account' when another user signed in with it. */
async function assertNotAnotherUsersExternalWallet(
  context: ServerContext,
  parameters: { appId: string; userId: string; body: NewEntropyBody },
): Promise<void> {
  const { appId, userId, body } = parameters
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
}

/**
 * Inserts the entropy (its shares sealed for its row) and its index-0 wallet in one transaction. A unique row
 * in the way — a generated entropy of this user and chain, or an imported address already in the app — is
 * 400 `resource_conflict`: 'User already has an embedded wallet.' for a generated one, 'This address is
 * already an embedded wallet' for an imported one.
 */
async function storeNewEntropy(
  context: ServerContext,
  parameters: { appId: string; userId: string; body: NewEntropyBody; imported: boolean },
): Promise<EmbeddedWallet> {
  const { appId, userId, body, imported } = parameters
  const now = new Date(context.now())
  const entropyRowId = randomId(25)
  const entropyRow: EntropyRow = {
    id: entropyRowId,
    appId,
    userId,
    chainType: body.chain_type,
    entropyId: body.address,
    ...sealShares(context, entropyRowId, body),
    imported,
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
    await context.db.orm.transaction(async (tx) => {
      const entropy = await tx
        .insert(walletEntropies)
        .values(entropyRow)
        .onConflictDoNothing()
        .returning({ id: walletEntropies.id })
      if (entropy.length === 0) throw new UniqueRowTaken()
      const wallet = await tx
        .insert(embeddedWallets)
        .values(walletRow)
        .onConflictDoNothing()
        .returning({ id: embeddedWallets.id })
      if (wallet.length === 0) throw new UniqueRowTaken()
    })
  } catch (error) {
    if (error instanceof UniqueRowTaken)
      throw foyerError(imported ? 'embeddedWalletAddressTaken' : 'embeddedWalletExists')
    throw error
  }
  return toEmbeddedWallet(entropyRow, walletRow)
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
