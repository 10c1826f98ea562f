import { preloadableScreen } from '../../../modal/lazyScreen'
import { useModal } from '../../../modal/ModalContext'
import { preloadFarcasterScreens } from '../../../modal/preloadScreens'
import { Button } from '../../../ui/Button'
import { FarcasterIcon } from '../../../ui/FarcasterIcon'
import type { LandingEntryProps, LoginMethod } from '../LoginMethod'
import type { AwaitingFarcasterParams } from './params'

// This method's screens and their params: the modal's `ScreenParamsMap` takes them from here.
declare module '../../../modal/screenParams' {
  interface LoginScreenParamsMap {
    awaitingFarcaster: AwaitingFarcasterParams
  }
}

/** The landing's 'Continue with Farcaster'; pointing at it preloads the Farcaster screen. */
function FarcasterEntry({ start, recentChip, describedByRecent }: LandingEntryProps) {
  const { messages } = useModal()
  return (
    <Button
      variant="secondary"
      block
      aria-describedby={describedByRecent('farcaster')}
      onPointerEnter={preloadFarcasterScreens}
      onFocus={preloadFarcasterScreens}
      onClick={() => void start({ kind: 'farcaster' })}
    >
      <FarcasterIcon />
      {messages.farcaster.continueWith}
      {recentChip('farcaster', true)}
    </Button>
  )
}

/** Farcaster (Sign In With Farcaster): the landing entry opens the awaiting-Farcaster screen (QR code, relay). */
export const farcasterLogin = {
  kind: 'farcaster',
  analyticsName: () => 'farcaster',
  continue: async (_modal, _start, step) =>
    step.open('awaitingFarcaster', { action: 'login', captchaToken: step.captchaToken }),
  landing: { matches: (method) => method === 'farcaster', render: (props) => <FarcasterEntry {...props} /> },
  screens: {
    awaitingFarcaster: preloadableScreen(
      () => import('./AwaitingFarcaster').then((m) => m.AwaitingFarcaster),
      {
        title: (m) => m.farcaster.title,
        closable: true,
      },
    ),
  },
  copy: ['farcaster'],
} satisfies LoginMethod<'farcaster'>
