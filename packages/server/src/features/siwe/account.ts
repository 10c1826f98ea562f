import type { ExternalWalletAccount } from '@foyer/protocol'
import {
  type AccountKind,
  accountTimes,
  type StoredAccount,
  type TransferCandidate,
} from '../users/AccountKind'

/**
 * Details stored with an external wallet account (`siwe`/`siws` rows): the address as the wallet shows it
 * (EIP-55 for Ethereum), the CAIP-2 chain id of the sign-in (Ethereum only) and the client-reported wallet
 * and connector names (docs/wire.md connection history).
 */
export type ExternalWalletDetails = {
  address: string
  chain_id?: string
  wallet_client_type: string
  connector_type: string
}

/**
 * A `siwe` or `siws` account row as a wire wallet account: `wallet_client: 'unknown'`, the
 * reported wallet and connector names, no embedded-only keys (docs/linked-accounts.md#account-shapes).
 */
function toExternalWalletAccount(
  row: StoredAccount,
  chainType: 'ethereum' | 'solana',
): ExternalWalletAccount {
  const details = (row.details ?? {}) as Partial<ExternalWalletDetails>
  return {
    type: 'wallet',
    address: details.address ?? row.subject,
    chain_type: chainType,
    ...(details.chain_id ? { chain_id: details.chain_id } : {}),
    wallet_client: 'unknown',
    wallet_client_type: details.wallet_client_type ?? 'unknown',
    connector_type: details.connector_type ?? 'injected',
    ...accountTimes(row),
  }
}

/**
 * A link conflict on a wallet offers the transfer, naming the address as the wallet shows it (docs/modal.md).
 */
const walletTransfer = {
  displayName: ({ subject, details }: TransferCandidate) =>
    typeof details.address === 'string' ? details.address : subject,
}

/**
 * An Ethereum wallet proven by Sign-In with Ethereum (ERC-4361): subject = the lower-cased address; wire
 * `type: 'wallet'`; one per user; allow-list entries compare case-insensitively.
 */
export const siweAccountKind = {
  type: 'siwe',
  linkLimit: 1,
  toLinkedAccount: (row) => toExternalWalletAccount(row, 'ethereum'),
  transfer: walletTransfer,
  admits: (entry, { subject }) => entry.toLowerCase() === subject.toLowerCase(),
} as const satisfies AccountKind<'siwe', ExternalWalletAccount>

/**
 * A Solana wallet proven by Sign In With Solana: subject = the base58 address (case matters); wire
 * `type: 'wallet'`; one per user; allow-list entries compare exactly.
 */
export const siwsAccountKind = {
  type: 'siws',
  linkLimit: 1,
  toLinkedAccount: (row) => toExternalWalletAccount(row, 'solana'),
  transfer: walletTransfer,
  admits: (entry, { subject }) => entry === subject,
} as const satisfies AccountKind<'siws', ExternalWalletAccount>
