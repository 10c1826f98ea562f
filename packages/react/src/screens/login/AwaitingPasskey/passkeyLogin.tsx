import { preloadableScreen } from '../../../modal/lazyScreen'
import { useModal } from '../../../modal/ModalContext'
import { Button } from '../../../ui/Button'
import type { LandingEntryProps, LoginMethod } from '../LoginMethod'
import type { AwaitingPasskeyParams } from './params'

// This method's screens and their params: the modal's `ScreenParamsMap` takes them from here.
declare module '../../../modal/screenParams' {
  interface LoginScreenParamsMap {
    awaitingPasskey: AwaitingPasskeyParams
  }
}

/** The landing's passkey entry: the link 'I have a passkey' with its 'Recent' chip beside it. */
function PasskeyEntry({ start, recentChip, describedByRecent }: LandingEntryProps) {
  const { messages } = useModal()
  return (
    <div className="foyer-row">
      <Button
        variant="link"
        aria-describedby={describedByRecent('passkey')}
        onClick={() => void start({ kind: 'passkey' })}
      >
        {messages.passkey.landingLink}
      </Button>
      {recentChip('passkey')}
    </div>
  )
}

/** Passkeys (WebAuthn): the landing's link opens the passkey prompt screen (captcha first when needed). */
export const passkeyLogin = {
  kind: 'passkey',
  analyticsName: () => 'passkey',
  continue: async ({ router }, _start, { viaCaptcha, captchaToken }) => {
    if (viaCaptcha && captchaToken !== undefined) router.replace('awaitingPasskey', { captchaToken })
    else router.push('awaitingPasskey')
  },
  landing: { matches: (method) => method === 'passkey', render: (props) => <PasskeyEntry {...props} /> },
  screens: {
    awaitingPasskey: preloadableScreen(() => import('./AwaitingPasskey').then((m) => m.AwaitingPasskey), {
      title: (m) => m.passkey.title,
      closable: true,
    }),
  },
  copy: ['passkey'],
} satisfies LoginMethod<'passkey'>
