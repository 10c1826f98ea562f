import type { FoyerChain } from '@foyer/core'
import { blockExplorerOf } from '@foyer/core/wallet'
import { formatMessage } from '../../../i18n/formatMessage'
import type { Messages } from '../../../i18n/Messages'
import { sanitizeLinkUrl } from '../../../theme/sanitizeLinkUrl'

/**
 * The block-explorer link of a transaction on `chain` (docs/transaction-errors.md "Block explorers"): the
 * host's explorer for the chain, else the default one of a well-known chain; none for another chain or a
 * URL that is not http(s) (internal).
 *
 * @returns `{ href, label }`, or `undefined`
 */
export function explorerTransactionUrl(chain: FoyerChain, hash: string) {
  const explorer = blockExplorerOf(chain)
  const base = sanitizeLinkUrl(explorer?.url)
  if (!base || !explorer) return undefined
  const name = explorer.name
  return {
    href: `${base.replace(/\/+$/, '')}/tx/${hash}`,
    label: (messages: Messages) => formatMessage(messages.transaction.viewOnExplorer, { explorer: name }),
  }
}

/** The Solana clusters Solana Explorer shows, by the cluster names Foyer uses (docs/limits.md). */
const SOLANA_EXPLORER_CLUSTERS: Record<string, string | undefined> = {
  'mainnet-beta': '',
  devnet: '?cluster=devnet',
  testnet: '?cluster=testnet',
}

/**
 * The Solana Explorer link of a sent transaction's signature on a well-known cluster (`mainnet-beta`,
 * `devnet`, `testnet`); none for another cluster (a local one) (internal).
 *
 * @returns `{ href, label }`, or `undefined`
 */
export function solanaExplorerTransactionUrl(cluster: { name: string }, signature: string) {
  const query = SOLANA_EXPLORER_CLUSTERS[cluster.name]
  if (query === undefined) return undefined
  return {
    href: `https://explorer.solana.com/tx/${encodeURIComponent(signature)}${query}`,
    label: (messages: Messages) =>
      formatMessage(messages.transaction.viewOnExplorer, { explorer: 'Solana Explorer' }),
  }
}
