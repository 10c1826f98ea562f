import { generatePassword, passwordStrength, validatePassword } from '@foyer/core/wallet'
import { type FormEvent, useState } from 'react'
import { formatMessage } from '../../../i18n/formatMessage'
import type { Messages } from '../../../i18n/Messages'
import { Button } from '../../../ui/Button'
import { PasswordInput } from '../../../ui/PasswordInput'
import { StrengthMeter } from '../../../ui/StrengthMeter'
import { useButtonDelay } from './useButtonDelay'

/** The message of a password's first rule failure, or `undefined` when valid (docs/limits.md). */
export function passwordError(password: string, messages: Messages): string | undefined {
  const result = validatePassword(password)
  if (result.valid) return undefined
  return result.reason === 'too_short'
    ? messages.password.tooShort
    : formatMessage(messages.password.invalidCharacters, { chars: result.invalidCharacters.join(' ') })
}

/**
 * Step 'creating' of the password flow (docs/modal.md "Set password", docs/limits.md): the field with
 * show/hide, the generate button (4 words), the strength meter (Weak / Medium / Strong) and Continue,
 * disabled while the password is empty or invalid. Errors show only after the field was touched.
 */
export function CreatePasswordStep({
  initial,
  messages,
  onContinue,
}: {
  initial: string
  messages: Messages
  onContinue(password: string): void
}) {
  const m = messages.password
  const [password, setPassword] = useState(initial)
  const [touched, setTouched] = useState(initial !== '')
  const enabled = useButtonDelay()
  const error = passwordError(password, messages)
  const strength = passwordStrength(password)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!error && enabled && password !== '') onContinue(password)
  }
  return (
    <form className="foyer-field" noValidate onSubmit={submit}>
      <p className="foyer-text">{m.setDetail}</p>
      <PasswordInput
        label={m.label}
        value={password}
        autoFocus
        error={touched && password !== '' ? error : undefined}
        showLabel={m.show}
        hideLabel={m.hide}
        onChange={(event) => {
          setPassword(event.target.value)
          setTouched(true)
        }}
        onBlur={() => setTouched(true)}
      />
      <Button
        variant="link"
        onClick={() => {
          setPassword(generatePassword())
          setTouched(true)
        }}
      >
        {m.generate}
      </Button>
      {password !== '' ? (
        <StrengthMeter
          score={strength.score}
          level={strength.level}
          label={formatMessage(m.strength, { level: m[strength.level] })}
        />
      ) : null}
      <Button type="submit" block disabled={password === '' || Boolean(error) || !enabled}>
        {messages.wallet.continue}
      </Button>
    </form>
  )
}
