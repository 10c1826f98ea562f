import { useEffect } from 'react'
import { WALLET_CREATED_CLOSE_DELAY_MS } from '../../../hooks/showWalletCreated'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { SuccessNotice } from '../../Success/SignedInNotice'

/**
 * The wallet created screen (docs/modal.md "Wallet creation"): 'Welcome to {app}' when the app has a name,
 * else 'All set!', with 'Your wallet is ready.' in a `role="status"` region; the modal closes after
 * {@link WALLET_CREATED_CLOSE_DELAY_MS} (1 s). Another screen replacing it (a wallet request, a hook's flow, Log in)
 * unmounts it and cancels that timer, so it never closes the modal under a request.
 */
export function WalletCreated() {
  const { close, messages, state } = useModal()
  const m = messages.walletCreated
  const name = state.appConfig?.name
  const title = name ? formatMessage(m.welcomeTitle, { app: name }) : m.allSetTitle
  useEffect(() => {
    const timer = setTimeout(close, WALLET_CREATED_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [close])
  return <SuccessNotice title={title} detail={m.detail} />
}
