import type { User } from '@foyer/protocol'
import { foyerError } from '../../errors/foyerError'
import { requireUserJson, type UsersContext } from '../users/service'

/** An Ethereum address compares without its checksum case; a Solana (base58) address compares exactly. */
const canonicalAddress = (address: string) => (address.startsWith('0x') ? address.toLowerCase() : address)

/**
 * The wallet addresses and email addresses a user holds: its embedded wallets and linked external wallets
 * (both `wallet` accounts of the user JSON, Ethereum ones lower-cased) and its linked email address.
 *
 * @example const own = ownIdentifiers(await requireUserJson(context, userId)); own.addresses.has('0xabc…')
 */
export function ownIdentifiers(user: User): { addresses: Set<string>; emails: Set<string> } {
  const addresses = new Set<string>()
  const emails = new Set<string>()
  for (const account of user.linked_accounts) {
    if (account.type === 'wallet') addresses.add(canonicalAddress(account.address))
    else if (account.type === 'email') emails.add(account.address.toLowerCase())
  }
  return { addresses, emails }
}

/**
 * Refuses to let the app's funding secrets sign for anyone but the signed-in user (docs/funding.md): every
 * address of `addresses` must be one of the user's wallets (embedded or linked), and `email`, when given,
 * the user's own linked email address.
 *
 * @throws FoyerHttpError 403 `address_not_owned` ('addressNotOwned'), 403 `email_not_owned`
 *   ('emailNotOwned'), 401 `missing_or_invalid_token` when the user is gone.
 * @example await assertOwnIdentifiers(context, userId, { addresses: [body.address], email: body.config.email })
 */
export async function assertOwnIdentifiers(
  context: UsersContext,
  userId: string,
  wanted: { addresses: readonly string[]; email?: string | undefined },
): Promise<void> {
  const own = ownIdentifiers(await requireUserJson(context, userId))
  if (!wanted.addresses.every((address) => own.addresses.has(canonicalAddress(address))))
    throw foyerError('addressNotOwned')
  if (wanted.email !== undefined && !own.emails.has(wanted.email.trim().toLowerCase()))
    throw foyerError('emailNotOwned')
}
