import { useEffect } from 'react'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import type { ScreenProps } from '../../../modal/screenParams'
import { SuccessNotice } from '../../Success/SignedInNotice'
import { SUCCESS_CLOSE_DELAY_MS } from '../../Success/Success'

/**
 * The wallet created screen (docs/modal.md "Wallet creation"): 'Welcome to {app}' when the app has a name,
 * else 'All set!', with 'Your wallet is ready.' in a `role="status"` region; the modal closes after
 * {@link SUCCESS_CLOSE_DELAY_MS} (1 s) and the flow resolves.
 */
export function WalletCreated({ params }: ScreenProps<'walletCreated'>) {
  const { close, messages, state } = useModal()
  const m = messages.walletCreated
  const name = state.appConfig?.name
  const title = name ? formatMessage(m.welcomeTitle, { app: name }) : m.allSetTitle
  useEffect(() => {
    const timer = setTimeout(() => {
      params.settle.resolve(undefined)
      close()
    }, SUCCESS_CLOSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [close, params.settle])
  return <SuccessNotice title={title} detail={m.detail} />
}
