import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'

/** A wallet to suggest when none is installed: its name, the chains it serves and its download page. */
type InstallLink = { name: string; ethereum: boolean; solana: boolean; url: string }

/** Widely used browser wallets with their makers' download pages, most common first. */
const installLinks: readonly InstallLink[] = [
  { name: 'MetaMask', ethereum: true, solana: false, url: 'https://metamask.io/download/' },
  { name: 'Phantom', ethereum: true, solana: true, url: 'https://phantom.com/download' },
  {
    name: 'Coinbase Wallet',
    ethereum: true,
    solana: false,
    url: 'https://www.coinbase.com/wallet/downloads',
  },
  { name: 'Rabby Wallet', ethereum: true, solana: false, url: 'https://rabby.io/' },
  { name: 'Solflare', ethereum: false, solana: true, url: 'https://solflare.com/download' },
]

/** At most this many links show. */
const MAX_LINKS = 3

/**
 * The next step when the browser has no wallet: links to install a well-known wallet of the chains asked
 * for (each opens the maker's download page in a new tab), after which the page is reloaded.
 */
export function WalletInstallLinks({ ethereum, solana }: { ethereum: boolean; solana: boolean }) {
  const { messages } = useModal()
  const m = messages.externalWallets
  const links = installLinks.filter((link) => (ethereum && link.ethereum) || (solana && link.solana))
  return (
    <ul className="foyer-list" aria-label={m.installLinksLabel}>
      {links.slice(0, MAX_LINKS).map((link) => (
        <li key={link.name}>
          <a
            className="foyer-option"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            style={{ flexDirection: 'row', justifyContent: 'space-between', textDecoration: 'none' }}
          >
            <span>{formatMessage(m.install, { wallet: link.name })}</span>
            <span aria-hidden="true">↗</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
