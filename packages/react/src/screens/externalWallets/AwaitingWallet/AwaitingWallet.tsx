import {
  type ConnectedExternalWallet,
  connectExternalWallet,
  linkWallet,
  loginWithExternalWallet,
} from '@foyer/core/external-wallets'
import { WALLET_CONNECTION_MAX_RETRIES } from '@foyer/protocol'
import { useCallback, useRef, useState } from 'react'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useCloseAfterSuccess } from '../../../hooks/useCloseAfterSuccess'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useStartOnce } from '../../../hooks/useStartOnce'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screens'
import { Button } from '../../../ui/Button'
import { Notice } from '../../../ui/Notice'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { Spinner } from '../../../ui/Spinner'
import { walletErrorOutcome } from '../walletErrorOutcome'

type Status = 'connecting' | 'signing' | 'success' | 'error'

/**
 * Awaiting-connection screen (spec 01 §2, §8): connects the chosen wallet on mount and, to sign in or link,
 * moves to the 'Sign to verify' step while the wallet shows the SIWE/SIWS message. On success: 'Success!',
 * then the modal closes (link and connect answer their flow first). On failure: the spec 01 §8 wallet
 * message (`role="alert"`) with 'Retry', at most `WALLET_CONNECTION_MAX_RETRIES` (2) times; the next failure
 * goes to 'Could not connect with wallet'. User limit, unknown account and allow-list go to their screens.
 */
export function AwaitingWallet({ params }: ScreenProps<'awaitingWallet'>) {
  const { client, router, messages } = useModal()
  const m = messages.externalWallets
  const { wallet, flow } = params
  const [status, setStatus] = useState<Status>('connecting')
  const [error, setError] = useState('')
  const isMounted = useIsMounted()
  const attempts = useRef(0)

  const start = useCallback(async () => {
    attempts.current += 1
    setStatus('connecting')
    const onSigning = () => {
      if (isMounted()) setStatus('signing')
    }
    try {
      if (flow.mode === 'login') {
        await loginWithExternalWallet(client, { wallet, onSigning })
      } else if (flow.mode === 'link') {
        const { user } = await linkWallet(client, { wallet, onSigning })
        flow.settle.resolve(user)
      } else {
        const connected: ConnectedExternalWallet = await connectExternalWallet(client, { wallet })
        flow.settle.resolve(connected)
      }
      if (isMounted()) setStatus('success')
    } catch (caught) {
      if (!isMounted()) return
      const info = toErrorInfo(caught)
      const outcome = walletErrorOutcome(info, messages)
      if (outcome.kind === 'screen') {
        if (outcome.screen === 'error') router.push('error', info)
        else router.push(outcome.screen)
        return
      }
      if (attempts.current > WALLET_CONNECTION_MAX_RETRIES) {
        router.replace('walletLoginFailed', { walletName: wallet.name, flow })
        return
      }
      setError(outcome.message)
      setStatus('error')
    }
  }, [client, flow, wallet, isMounted, messages, router])

  useStartOnce(start)
  useCloseAfterSuccess(status === 'success')

  const header = (title: string) => (
    <ScreenHeader
      title={<ScreenTitle>{title}</ScreenTitle>}
      onBack={() => router.back()}
      backLabel={messages.modal.back}
    />
  )

  if (status === 'success')
    return (
      <div role="status">
        <Notice tone="success" title={<ScreenTitle>{m.successTitle}</ScreenTitle>} detail={m.successDetail} />
      </div>
    )
  if (status === 'error')
    return (
      <div className="foyer-screen">
        {header(m.unableToConnect)}
        <p className="foyer-error-text" role="alert">
          {error}
        </p>
        <Button onClick={() => void start()}>{m.retry}</Button>
      </div>
    )
  const signing = status === 'signing'
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
