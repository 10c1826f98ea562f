import { type SmartWalletAccount, type SmartWalletType, smartWalletTypes } from '@foyer/protocol'
import { type AccountKind, accountTimes } from '../users/AccountKind'

/**
 * Details stored with a `smart_wallet` account: the address as EIP-55, the account type and, when the client
 * named one, its version (docs/smart-wallets.md#the-linked-account).
 */
export type SmartWalletDetails = {
  address: string
  smart_wallet_type: SmartWalletType
  smart_wallet_version?: string
}

/**
 * An ERC-4337 smart wallet proven by a SIWE message signed through the account (ERC-1271 / ERC-6492):
 * subject = the lower-cased address; wire `type: 'smart_wallet'`; one per user; never moved to another
 * user (a link of another user's smart wallet answers `linked_to_another_user`), never admitted by an
 * allow-list (a user signs up with another method first).
 */
export const smartWalletAccountKind = {
  type: 'smart_wallet',
  linkLimit: 1,
  toLinkedAccount: (row) => {
    const details = (row.details ?? {}) as Partial<SmartWalletDetails>
    const type = details.smart_wallet_type
    if (type === undefined || !smartWalletTypes.includes(type)) return null
    return {
      type: 'smart_wallet',
      address: details.address ?? row.subject,
      smart_wallet_type: type,
      ...(details.smart_wallet_version ? { smart_wallet_version: details.smart_wallet_version } : {}),
      ...accountTimes(row),
    }
  },
} as const satisfies AccountKind<'smart_wallet', SmartWalletAccount>
