import { type FormEvent, useState } from 'react'
import type { Messages } from '../../../i18n/Messages'
import { Button } from '../../../ui/Button'
import { PasswordInput } from '../../../ui/PasswordInput'
import { useButtonDelay } from './useButtonDelay'

/**
 * Step 'confirming' (docs/modal.md "Confirm your password", docs/limits.md): re-enter the password; a
 * different one shows 'Passwords do not match' (after the field was touched), and Continue stays disabled
 * while it shows.
 */
export function ConfirmPasswordStep({
  password,
  messages,
  onContinue,
}: {
  password: string
  messages: Messages
  onContinue(): void
}) {
  const m = messages.password
  const [confirmation, setConfirmation] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const enabled = useButtonDelay()
  const matches = confirmation === password
  const mismatchShown = submitted && !matches
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (matches && enabled) onContinue()
  }
  return (
    <form className="foyer-field" noValidate onSubmit={submit}>
      <p className="foyer-text">{m.confirmDetail}</p>
      <PasswordInput
        label={m.confirmLabel}
        value={confirmation}
        autoFocus
        error={mismatchShown ? m.mismatch : undefined}
        showLabel={m.show}
        hideLabel={m.hide}
        onChange={(event) => {
          setConfirmation(event.target.value)
          setSubmitted(false)
        }}
        onBlur={() => setSubmitted(confirmation !== '')}
      />
      <Button type="submit" block disabled={confirmation === '' || !enabled || mismatchShown}>
        {messages.wallet.continue}
      </Button>
    </form>
  )
}
