import { isValidEmail } from '@foyer/core'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { preloadEmailScreens } from '../../../modal/preloadScreens'
import { useTypingHandoff } from '../../../modal/useTypingHandoff'
import { Button } from '../../../ui/Button'
import { Chip } from '../../../ui/Chip'
import { EmailInput } from '../../../ui/EmailInput'
import type { LoginStart } from '../LoginStart'
import type { LandingView } from './landingModel'

/** Props of {@link EmailForm}. */
export type EmailFormProps = {
  /** The typed address (kept by the landing, so Back from the phone flow finds it). */
  email: string
  /** Called on every edit (the caller clears `plusError` then). */
  onEmailChange(email: string): void
  /** The landing view the form is on; the code screen's Back returns to it. */
  view: LandingView
  /** Show 'Please enter a valid email address without a '+'.' (docs/limits.md). */
  plusError: boolean
  /** Focus the field on mount. */
  autoFocus: boolean
  /** Mark the field 'Recent' (the last sign-in used email). */
  recent: boolean
  /** `startLogin` on this modal (the landing's). */
  start(start: LoginStart): Promise<void>
}

/**
 * The landing's email form (docs/modal.md "Landing", docs/limits.md): placeholder 'your@email.com' and
 * Submit, disabled until `isValidEmail(email)`; Enter submits; sending shows a busy button. The code goes out
 * through `startLogin` (captcha first when the app has one; a disallowed plus email comes back with the
 * inline error, which the landing clears on edit). A 'Recent' chip sits on the field's top border (it never
 * narrows the input) and is the field's accessible description.
 */
export function EmailForm({
  email,
  onEmailChange,
  view,
  plusError,
  autoFocus,
  recent,
  start,
}: EmailFormProps) {
  const modal = useModal()
  const m = modal.messages.landing
  const [sending, setSending] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const isMounted = useIsMounted()
  const errorId = useId()
  const recentId = useId()
  const valid = isValidEmail(email)
  // Digits typed while the code goes out reach the code screen.
  useTypingHandoff(sending)

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus()
  }, [autoFocus])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!valid || sending) return
    const address = email.trim()
    setSending(true)
    preloadEmailScreens()
    // Back to the landing (this view) keeps the address.
    const landing = view === 'default' ? { email: address } : { view, email: address }
    await start({ kind: 'email', email: address, landing })
    if (isMounted()) setSending(false)
  }

  return (
    <form className="foyer-field" noValidate onSubmit={submit} aria-busy={sending || undefined}>
      <EmailInput
        value={email}
        onChange={onEmailChange}
        label={m.emailLabel}
        placeholder={m.emailPlaceholder}
        readOnly={sending}
        invalid={plusError}
        describedBy={
          [plusError ? errorId : '', recent ? recentId : ''].filter(Boolean).join(' ') || undefined
        }
        inputRef={inputRef}
        // The code screen's chunk loads while the address is typed.
        onFocus={preloadEmailScreens}
      >
        {recent ? <Chip id={recentId}>{m.recent}</Chip> : null}
        <Button type="submit" disabled={!valid} busy={sending}>
          {m.submit}
        </Button>
      </EmailInput>
      {plusError ? (
        <p id={errorId} className="foyer-error-text" role="alert">
          {m.plusEmailError}
        </p>
      ) : null}
    </form>
  )
}
