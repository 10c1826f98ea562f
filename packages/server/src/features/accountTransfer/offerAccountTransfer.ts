import { randomBytes } from 'node:crypto'
import { ACCOUNT_TRANSFER_NONCE_TTL_SECONDS, type AccountTransferData } from '@foyer/protocol'
import { sha256Hex } from '../../crypto/sha256Hex'
import type { FoyerHttpError } from '../../errors/FoyerHttpError'
import { foyerError } from '../../errors/foyerError'
import type { UsersContext } from '../users/UsersContext'
import { accountTransferNonces } from './schema'

/** Parameters of {@link offerAccountTransfer}. */
export type OfferAccountTransferParameters = {
  appId: string
  /** The signed-in user who proved the account. */
  userId: string
  /** The user who holds it. */
  fromUserId: string
  /** Stored account type (`email`, `siwe`, `google_oauth`, …). */
  type: string
  /** Canonical subject, proven by the link call. */
  subject: string
  /** The details the link proved (profile fields for the display name). */
  details: Record<string, unknown>
  now: Date
}

/**
 * The offer a link conflict makes (docs/account-transfer.md): stores a fresh nonce (256 CSPRNG
 * bits, base64url; only its SHA-256 is kept) bound to the caller `userId`, the holder `fromUserId` and the
 * account (type, subject), expiring after `ACCOUNT_TRANSFER_NONCE_TTL_SECONDS` (600 s), and returns the
 * `account_transfer_required` error (400) whose `data` is the transfer data: `nonce`, `subject`,
 * `account.displayName`, `otherUser.embeddedWalletAddress` (always null: the holder's wallets are never
 * disclosed to someone who proved only an identifier) and the type's echo fields. Throws 400 `invalid_data` 'Invalid transfer
 * account type' for a type that is never transferred (custom, guest, passkey).
 *
 * @example throw await offerAccountTransfer(context, { appId, userId, fromUserId, type: 'email', subject, details: {}, now })
 */
export async function offerAccountTransfer(
  context: UsersContext,
  parameters: OfferAccountTransferParameters,
): Promise<FoyerHttpError> {
  const { appId, userId, fromUserId, type, subject, details, now } = parameters
  const transfer = context.accountKinds.get(type)?.transfer
  if (!transfer) throw foyerError('invalidTransferType')
  const nonce = randomBytes(32).toString('base64url')
  await context.db.orm.insert(accountTransferNonces).values({
    nonceHash: sha256Hex(nonce),
    appId,
    userId,
    fromUserId,
    type,
    subject,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_TRANSFER_NONCE_TTL_SECONDS * 1000),
  })
  const candidate = { subject, details }
  // The caller proved one identifier, not ownership of the holder: nothing about the holder's wallets.
  const data: AccountTransferData = {
    nonce,
    subject,
    account: { displayName: transfer.displayName(candidate) },
    otherUser: { embeddedWalletAddress: null, ...transfer.otherUser?.(candidate) },
  }
  return foyerError('accountTransferRequired', { data })
}
