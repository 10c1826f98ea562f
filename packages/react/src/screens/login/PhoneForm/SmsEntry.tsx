import { lazy, Suspense, useState } from 'react'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { preloadEmailScreens } from '../../../modal/preloadScreens'
import { useTypingHandoff } from '../../../modal/useTypingHandoff'
import type { LandingEntryProps } from '../LoginMethod'

/** The phone form, loaded lazily: it carries libphonenumber-js (bundle budget: landing ≤ 50 kB gzip). */
const PhoneForm = lazy(() => import('./PhoneForm').then((m) => ({ default: m.PhoneForm })))

/** Holds the phone row's place while its code loads: an input row of the same height, hidden. */
const PhoneRowPlaceholder = () => (
  <div className="foyer-field" aria-hidden="true">
    <div className="foyer-input-row">
      <span className="foyer-input" />
    </div>
  </div>
)

/**
 * The landing's SMS entry: the phone form (lazily loaded; a placeholder as tall as its row holds the place,
 * so nothing moves when it arrives). Submitting texts the code through `start` and opens the code screen;
 * failures (e.g. `region_not_supported`) go to the error screen, whose button comes back here with the
 * number kept.
 */
export function SmsEntry({ start, landingParams, email, params, autoFocus, recent }: LandingEntryProps) {
  const { messages } = useModal()
  const [sending, setSending] = useState(false)
  const isMounted = useIsMounted()
  // Digits typed while the code goes out reach the code screen.
  useTypingHandoff(sending)
  const submit = async (phoneNumber: string) => {
    if (sending) return
    setSending(true)
    preloadEmailScreens()
    await start({ kind: 'sms', phoneNumber, landing: landingParams({ email, phoneNumber }) })
    if (isMounted()) setSending(false)
  }
  return (
    <Suspense fallback={<PhoneRowPlaceholder />}>
      <PhoneForm
        onSubmit={submit}
        busy={sending}
        initialPhoneNumber={params?.phoneNumber}
        autoFocus={autoFocus}
        badge={recent === 'sms' ? messages.landing.recent : undefined}
      />
    </Suspense>
  )
}
