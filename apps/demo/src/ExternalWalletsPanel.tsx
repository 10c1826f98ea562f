import type { ExternalWalletAccount } from '@foyer/protocol'
import { useConnectWallet, useFoyer, useLinkWallet, useWalletConnect } from '@foyer/react'
import { useCallback, useEffect, useState } from 'react'
import { toHex } from 'viem'

/** What 'Sign with WalletConnect' asks the connected phone wallet to sign (EIP-191). */
const WALLET_CONNECT_DEMO_MESSAGE = 'Hello from the Foyer demo over WalletConnect'
/** Where 'Send with WalletConnect' sends 1,000 wei. */
const WALLET_CONNECT_DEMO_RECIPIENT = '0x000000000000000000000000000000000000dEaD'

type Connection = Awaited<ReturnType<ReturnType<typeof useConnectWallet>['getConnectionHistory']>>[number]

/**
 * External wallets: the signed-in user's linked SIWE/SIWS wallets with Unlink, 'Link a wallet'
 * (`useLinkWallet`), 'Connect a wallet' without signing in (`useConnectWallet`), and this browser's wallet
 * connection history (address, connector, wallet client, connectedAt; most recent first), and the page's
 * WalletConnect session (`useWalletConnect`) with 'Disconnect WalletConnect', 'Sign with WalletConnect' (a
 * `personal_sign` of {@link WALLET_CONNECT_DEMO_MESSAGE}) and 'Send with WalletConnect' (1,000 wei to
 * {@link WALLET_CONNECT_DEMO_RECIPIENT}) over that session's provider.
 */
export function ExternalWalletsPanel() {
  const { user } = useFoyer()
  const { linkWallet, unlinkWallet, busy, error } = useLinkWallet()
  const { connectWallet, getConnectionHistory } = useConnectWallet()
  const [history, setHistory] = useState<Connection[]>([])
  const [status, setStatus] = useState('')
  const walletConnect = useWalletConnect()
  const [walletConnectSession, setWalletConnectSession] = useState('')
  const readWalletConnectSession = useCallback(() => {
    walletConnect.getSession().then(
      (session) => setWalletConnectSession(session ? `${session.address} on ${session.chainId}` : 'none'),
      (caught: Error) => setWalletConnectSession(caught.message),
    )
  }, [walletConnect])
  const [walletConnectResult, setWalletConnectResult] = useState('')
  // Sign or send with the phone wallet of the live session (docs/walletconnect.md); the result is the
  // signature or the transaction hash.
  const withWalletConnect = (request: (address: `0x${string}`) => { method: string; params: unknown }) => {
    setWalletConnectResult('')
    void (async () => {
      const [session, provider] = await Promise.all([
        walletConnect.getSession(),
        walletConnect.getEthereumProvider(),
      ])
      if (!session || !provider) throw new Error('No WalletConnect session')
      return String(await provider.request(request(session.address)))
    })().then(setWalletConnectResult, (caught: Error) => setWalletConnectResult(`failed: ${caught.message}`))
  }

  const refresh = useCallback(() => {
    getConnectionHistory().then(setHistory, () => {})
  }, [getConnectionHistory])
  const userId = user?.id
  useEffect(() => {
    // Re-read after every sign-in (a wallet sign-in records a connection).
    if (userId !== undefined) refresh()
  }, [refresh, userId])

  const wallets = (user?.linked_accounts ?? []).filter(
    (account): account is ExternalWalletAccount =>
      account.type === 'wallet' && account.wallet_client === 'unknown',
  )
  return (
    <section>
      <h2>External wallets</h2>
      <ul data-testid="external-wallets">
        {wallets.map((wallet) => (
          <li key={wallet.address}>
            <code>{wallet.address}</code> ({wallet.chain_type}
            {wallet.chain_id ? `, ${wallet.chain_id}` : ''}, {wallet.wallet_client_type}){' '}
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void unlinkWallet({ address: wallet.address, chainType: wallet.chain_type }).catch(() => {})
              }
            >
              Unlink {wallet.address.slice(0, 8)}
            </button>
          </li>
        ))}
      </ul>
      <p>
        <button type="button" onClick={() => void linkWallet().then(refresh, () => {})}>
          Link a wallet
        </button>{' '}
        <button
          type="button"
          onClick={() =>
            void connectWallet().then(
              (connected) => {
                setStatus(`Connected ${connected.address}`)
                refresh()
              },
              () => {},
            )
          }
        >
          Connect a wallet
        </button>
      </p>
      <p>
        <button type="button" onClick={readWalletConnectSession}>
          WalletConnect session
        </button>{' '}
        <button
          type="button"
          onClick={() => void walletConnect.disconnect().then(readWalletConnectSession, () => {})}
        >
          Disconnect WalletConnect
        </button>{' '}
        <span data-testid="walletconnect-session">{walletConnectSession}</span>
      </p>
      <p>
        <button
          type="button"
          onClick={() =>
            withWalletConnect((address) => ({
              method: 'personal_sign',
              params: [toHex(WALLET_CONNECT_DEMO_MESSAGE), address],
            }))
          }
        >
          Sign with WalletConnect
        </button>{' '}
        <button
          type="button"
          onClick={() =>
            withWalletConnect((address) => ({
              method: 'eth_sendTransaction',
              params: [{ from: address, to: WALLET_CONNECT_DEMO_RECIPIENT, value: toHex(1_000) }],
            }))
          }
        >
          Send with WalletConnect
        </button>{' '}
        <output data-testid="walletconnect-result">{walletConnectResult}</output>
      </p>
      {status ? <p data-testid="wallet-connect-status">{status}</p> : null}
      {error ? <p role="alert">{error.message}</p> : null}
      <h3>Connection history</h3>
      <ol data-testid="wallet-history">
        {history.map((entry) => (
          <li key={`${entry.address}:${entry.connectorType}:${entry.walletClientType}`}>
            <code>{entry.address}</code> · {entry.walletClientType} · {entry.connectorType} ·{' '}
            {new Date(entry.connectedAt).toISOString()}
          </li>
        ))}
      </ol>
    </section>
  )
}
