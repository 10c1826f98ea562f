import { type FormEvent, useState } from 'react'
import { errorOutcome } from '../../../errors/errorOutcome'
import { toErrorInfo } from '../../../errors/toErrorInfo'
import { useIsMounted } from '../../../hooks/useIsMounted'
import { useModal } from '../../../modal/ModalContext'
import { ScreenTitle } from '../../../modal/ScreenTitle'
import type { ScreenProps } from '../../../modal/screenParams'
import { Button } from '../../../ui/Button'
import { PasswordInput } from '../../../ui/PasswordInput'
import { ScreenHeader } from '../../../ui/ScreenHeader'

/**
 * 'Enter your password' (docs/modal.md submitting → success or error, docs/limits.md "must be
 * non-empty", docs/errors.md): rebuilds a `user-passcode` wallet on this device. A wrong password
 * ('invalid_recovery_pin' or 'invalid_request_arguments') shows 'Invalid recovery password, please try
 * again.'; the wallet frame not connecting 'Something went wrong. We're on it. Please try again later.';
 * anything else 'An error has occurred, please try again.'. On success the pending request continues.
 */
export function RecoverPassword({ params }: ScreenProps<'recoverPassword'>) {
  const { messages } = useModal()
  const m = messages.recovery
  const { prompt, settle } = params
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const isMounted = useIsMounted()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (password === '' || busy) return
    setBusy(true)
    setError(undefined)
    try {
      await prompt.recover(password)
      settle.resolve(undefined)
    } catch (caught) {
      if (!isMounted()) return
      setBusy(false)
      setError(errorOutcome('recovery', toErrorInfo(caught)).text(messages))
    }
  }

  return (
    <form className="foyer-screen" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <ScreenHeader title={<ScreenTitle>{m.enterTitle}</ScreenTitle>} />
      <p className="foyer-text">{m.enterDetail}</p>
      <PasswordInput
        label={messages.password.label}
        value={password}
        autoComplete="current-password"
        autoFocus
        readOnly={busy}
        error={error}
        showLabel={messages.password.show}
        hideLabel={messages.password.hide}
        onChange={(event) => {
          setPassword(event.target.value)
          setError(undefined)
        }}
      />
      <Button type="submit" block busy={busy} disabled={password === ''}>
        {m.enterButton}
      </Button>
    </form>
  )
}
