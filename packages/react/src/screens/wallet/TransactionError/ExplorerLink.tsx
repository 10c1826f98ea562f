import { useModal } from '../../../modal/ModalContext'
import type { explorerTransactionUrl } from './explorerTransactionUrl'

/**
 * A transaction's block-explorer link ('View on Etherscan', 'View on Solana Explorer'), opened in a new tab
 * without access to the modal's window; nothing when the chain has no explorer (`link` undefined).
 */
export function ExplorerLink({ link }: { link: ReturnType<typeof explorerTransactionUrl> }) {
  const { messages } = useModal()
  if (!link) return null
  return (
    <a
      className="foyer-button"
      data-variant="link"
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {link.label(messages)}
    </a>
  )
}
