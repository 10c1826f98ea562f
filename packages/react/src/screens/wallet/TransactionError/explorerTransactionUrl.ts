import type { FoyerChain } from '@foyer/core'
import type { Messages } from '../../../i18n/en'
import { formatMessage } from '../../../i18n/formatMessage'
import { sanitizeLinkUrl } from '../../../theme/sanitizeLinkUrl'

/**
 * The block-explorer link of a transaction on `chain`, when the chain names an http(s) explorer (internal).
 *
 * @returns `{ href, label }`, or `undefined`
 */
export function explorerTransactionUrl(chain: FoyerChain, hash: string) {
  const base = sanitizeLinkUrl(chain.blockExplorer?.url)
  if (!base || !chain.blockExplorer) return undefined
  const name = chain.blockExplorer.name
  return {
    href: `${base.replace(/\/+$/, '')}/tx/${hash}`,
    label: (messages: Messages) => formatMessage(messages.transaction.viewOnExplorer, { explorer: name }),
  }
}
