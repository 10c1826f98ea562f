import { WalletProxyError } from '@foyer/core/wallet'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { ScreenHeader } from '../../../ui/ScreenHeader'
import { Spinner } from '../../../ui/Spinner'
import { RetryNotice } from '../RetryNotice'

/**
 * Time the screen stays after the wallet is unlocked when nothing replaces it, in ms: the request that asked
 * for the unlock normally shows its own screen at once; an unlock nothing follows closes the modal.
 */
export const CONNECTED_CLOSE_DELAY_MS = 600

/**
 * 'Connecting your wallet' (docs/modal.md "Wallet connecting"): shown while a slow unlock runs (an automatic
 * recovery on a new device); a verification or a recovery screen the unlock needs opens in front of it, and
 * the request's own screen replaces it once the wallet is unlocked. A failure shows 'Something went wrong' /
 * "We're on it. Please try again later." with 'Try again' (a new unlock) and Close (the request fails with
 * that error) when the wallet frame failed; any other failure (the user closing a verification or recovery
 * screen, 'Sign in again to use your wallet on this device.') ends the request with it at once.
 */
export function WalletConnecting({ params }: ScreenProps<'walletConnecting'>) {
  // A new prompt on the same route (a second wallet's unlock) is a new screen, with its own state.
  return <Connecting key={promptKey(params.prompt)} params={params} />
}

/**
 * The failures 'Try again' may mend: the wallet frame failing, not loading or not answering. Anything else (the
 * user closing a verification or recovery screen, a sign-in the device needs, a signed-out session) is the
 * request's own answer, passed on at once.
 */
function isConnectFailure(error: unknown): boolean {
  return (
    error instanceof WalletProxyError &&
    (error.code === 'error' ||
      error.code === 'wallet_proxy_timeout' ||
      error.code === 'wallet_proxy_unavailable' ||
      error.code === 'wallet_proxy_invalid_reply')
  )
}

const promptKeys = new WeakMap<object, number>()
let nextPromptKey = 0
function promptKey(prompt: object): number {
  let key = promptKeys.get(prompt)
  if (key === undefined) {
    key = nextPromptKey++
    promptKeys.set(prompt, key)
  }
  return key
}

function Connecting({ params }: ScreenProps<'walletConnecting'>) {
  const { messages, close } = useModal()
  const m = messages.walletConnecting
  const { prompt, settle } = params
  const [failure, setFailure] = useState<unknown>(undefined)
  const [connected, setConnected] = useState(false)
  const isMounted = useIsMounted()
  const started = useRef(false)

  const connect = useCallback(() => {
    setFailure(undefined)
    prompt.connect().then(
      () => {
        settle.resolve(undefined)
        if (isMounted()) setConnected(true)
      },
      (error: unknown) => {
        if (settle.settled || !isMounted()) return
        if (!isConnectFailure(error)) {
          settle.reject(error)
          close()
          return
        }
        setFailure(error)
      },
    )
  }, [prompt, settle, close, isMounted])

  useEffect(() => {
    if (started.current) return
    started.current = true
    connect()
  }, [connect])

  // Unlocked and still on screen: nothing followed, so the modal closes (the timer stops if a screen replaces it).
  useEffect(() => {
    if (!connected) return
    const timer = setTimeout(close, CONNECTED_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [connected, close])

  if (failure !== undefined)
    return (
      <RetryNotice
        title={messages.error.somethingWentWrong}
        detail={m.failedDetail}
        onRetry={connect}
        onClose={() => {
          settle.reject(failure)
          close()
        }}
      />
    )
  return (
    <div className="foyer-screen" aria-busy="true">
      <ScreenHeader title={<ScreenTitle>{m.title}</ScreenTitle>} />
      <div className="foyer-center">
        <Spinner size="large" />
      </div>
      <p className="foyer-text" role="status">
        {m.detail}
      </p>
    </div>
  )
}
