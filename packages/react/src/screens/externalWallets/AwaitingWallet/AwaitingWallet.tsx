import { sdkEvents, trackSdkEvent } from '@foyer/core'
import { toAccountTransfer } from '@foyer/core/account-transfer'
import {
  type ConnectedExternalWallet,
  connectExternalWallet,
  linkWallet,
  loginWithExternalWallet,
  type WalletConnectState,
  type WalletConnectWallet,
} from '@foyer/core/external-wallets'
import { WALLET_CONNECTION_MAX_RETRIES } from '@foyer/protocol'
import { useCallback, useRef, useState } from 'react'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { formatMessage } from '../../../i18n/formatMessage'
import { currentUserAgent, detectInAppBrowser } from '../../../inAppBrowser/detectInAppBrowser'
import { useModal } from '../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../modal/screenParams'
import { signInMode } from '../../../modal/signInMode'
import { Button } from '../../../ui/Button'
import { Spinner } from '../../../ui/Spinner'
import { showApprovalFailure } from '../../approvalFailure'
import { SuccessNotice } from '../../Success/SignedInNotice'
import { useWalletConnectPairingUri, WalletConnectPairing } from '../walletConnect/WalletConnectPairing'

type Status = 'awaitingClick' | 'connecting' | 'switchingChain' | 'signing' | 'success' | 'error'

/**
 * Awaiting-connection screen (docs/modal.md, docs/errors.md): connects the chosen wallet on mount (in an
 * in-app browser, from a click on 'Connect {wallet}' instead: a web view needs a trusted click,
 * docs/limits.md) and, to sign in or link, moves to the 'Sign to verify' step while the wallet shows the
 * SIWE/SIWS message; an Ethereum wallet on a chain the app did not configure shows 'Switching to a supported
 * network' while it is moved (docs/external-wallets.md "Chains"). On success: 'Success!', then the modal closes (link and connect answer their flow
 * first). On failure: the docs/errors.md wallet message (`role="alert"`) with 'Retry', at most
 * `WALLET_CONNECTION_MAX_RETRIES` (2) times; the next failure goes to 'Could not connect with wallet'. A
 * failure that retrying the same wallet cannot fix (already linked, link cap) shows its message with 'Back'
 * instead. User limit and unknown account go to their screens; allow-list and disallowed login method replace
 * this screen with the error screen.
 */
export function AwaitingWallet({ params }: ScreenProps<'awaitingWallet'>) {
  const modal = useModal()
  const { client, router, messages } = modal
  const authMode = signInMode(modal)
  const m = messages.externalWallets
  const { wallet, flow } = params
  // In an in-app browser the wallet connects only from a click on this screen ().
  const [status, setStatus] = useState<Status>(() =>
    detectInAppBrowser(currentUserAgent()) === null ? 'connecting' : 'awaitingClick',
  )
  const [error, setError] = useState({ message: '', retry: true })
  const isMounted = useIsMounted()
  const attempts = useRef(0)
  // WalletConnect (docs/walletconnect.md): the pairing link, drawn as a QR code with a copy link while connecting.
  const pairingUri = useWalletConnectPairingUri(wallet)

  const start = useCallback(async () => {
    attempts.current += 1
    setStatus('connecting')
    const onSigning = () => {
      if (isMounted()) setStatus('signing')
    }
    // docs/external-wallets.md "Chains": a wallet on a chain the app did not configure is moved first.
    const onStateChange = (state: WalletConnectState) => {
      if (isMounted() && state === 'switching_to_supported_chain') setStatus('switchingChain')
    }
    try {
      if (flow.mode === 'login') {
        if (attempts.current === 1) trackSdkEvent(client, sdkEvents.loginStarted, { method: 'wallet' })
        await loginWithExternalWallet(client, { wallet, onSigning, onStateChange, mode: authMode })
      } else if (flow.mode === 'link') {
        const { user } = await linkWallet(client, { wallet, onSigning, onStateChange })
        flow.settle.resolve(user)
      } else {
        const connected: ConnectedExternalWallet = await connectExternalWallet(client, {
          wallet,
          onStateChange,
        })
        flow.settle.resolve(connected)
      }
      if (isMounted()) setStatus('success')
    } catch (caught) {
      if (!isMounted()) return
      showApprovalFailure(caught, {
        flow: 'wallet',
        router,
        messages,
        // docs/errors.md: a wallet another user holds goes to the link conflict screen.
        link:
          flow.mode === 'link'
            ? {
                transfer: toAccountTransfer(caught, {
                  linkMethod: wallet.chainType === 'ethereum' ? 'siwe' : 'siws',
                  wallet: { walletClientType: wallet.walletClientType, connectorType: wallet.connectorType },
                }),
                settle: flow.settle,
              }
            : undefined,
        // The error screen's button goes back: to the wallet list, not to this screen, which would reconnect.
        openScreen: (screen, info) =>
          screen === 'error' ? router.replace('error', info) : router.push(screen),
        showInline: (message, retry) => {
          if (retry && attempts.current > WALLET_CONNECTION_MAX_RETRIES) {
            router.replace('walletLoginFailed', { walletName: wallet.name, flow })
            return
          }
          setError({ message, retry })
          setStatus('error')
        },
      })
    }
  }, [client, authMode, flow, wallet, isMounted, messages, router])

  const [clickFirst] = useState(() => status === 'awaitingClick')
  useStartOnce(useCallback(async () => (clickFirst ? undefined : start()), [clickFirst, start]))
  useCloseAfterSuccess(status === 'success')

  const header = (title: string) => <ModalScreenHeader title={title} onBack={router.back} />

  if (status === 'success') return <SuccessNotice title={m.successTitle} detail={m.successDetail} />
  if (status === 'error')
    return (
      <div className="foyer-screen">
        {header(m.unableToConnect)}
        <p className="foyer-error-text" role="alert">
          {error.message}
        </p>
        {error.retry ? (
          <Button onClick={() => void start()}>{m.retry}</Button>
        ) : (
          <Button onClick={() => router.back()}>{messages.modal.back}</Button>
        )}
      </div>
    )
  if (status === 'awaitingClick')
    return (
      <div className="foyer-screen">
        {header(formatMessage(m.connectingTitle, { wallet: wallet.name }))}
        <p className="foyer-text">
          {formatMessage(messages.inAppBrowser.connectDetail, { wallet: wallet.name })}
        </p>
        {/* The connection starts inside the click's handler, where the web view grants the user activation. */}
        <Button onClick={() => void start()}>
          {formatMessage(messages.inAppBrowser.connect, { wallet: wallet.name })}
        </Button>
      </div>
    )
  const signing = status === 'signing'
  if (status === 'switchingChain')
    return (
      <div className="foyer-screen" aria-busy="true">
        {header(m.switchingChainTitle)}
        <Spinner />
        <p className="foyer-text" role="status">
          {m.switchingChainDetail}
        </p>
      </div>
    )
  if (!signing && pairingUri)
    return (
      <div className="foyer-screen">
        {header(formatMessage(m.connectingTitle, { wallet: wallet.name }))}
        <WalletConnectPairing wallet={wallet as WalletConnectWallet} pairingUri={pairingUri} />
      </div>
    )
  return (
    <div className="foyer-screen" aria-busy="true">
      {header(signing ? m.signTitle : formatMessage(m.connectingTitle, { wallet: wallet.name }))}
      <Spinner />
      <p className="foyer-text" role="status">
        {signing ? formatMessage(m.signDetail, { wallet: wallet.name }) : m.connectingDetail}
      </p>
    </div>
  )
}
