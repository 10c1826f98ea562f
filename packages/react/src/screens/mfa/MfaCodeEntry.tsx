import { CODE_ERROR_RESET_MS } from '@foyer/protocol'
import { useEffect, useState } from 'react'
import { useIsMounted } from '../../hooks/useIsMounted'
import { formatMessage } from '../../i18n/formatMessage'
import { useModal } from '../../modal/ModalContext'
import { CodeInput } from '../../ui/CodeInput'
import { Spinner } from '../../ui/Spinner'
import { mfaErrorText } from './mfaErrorText'

/** Props of {@link MfaCodeEntry}. */
export type MfaCodeEntryProps = {
  /** Checks the 6 digits; rejects with the server's or frame's error. */
  submit(code: string): Promise<void>
  /** Called once the code was accepted. */
  onDone(): void
}

/**
 * Six digit boxes for an MFA code, the sign-in code screen's `CodeInput` (docs/modal.md, docs/limits.md):
 * submits on the sixth digit, pasting spreads, a non-digit shows 'Passcode can only be numbers' and a paste of
 * more than six digits 'Passcode must be exactly 6 numbers' (nothing is submitted); the boxes reset after 1.4 s. A wrong code shows 'The code you entered is not valid' and clears the boxes 1.4 s later;
 * too many attempts or the time limit show their texts and block input (docs/errors.md).
 */
export function MfaCodeEntry({ submit, onDone }: MfaCodeEntryProps) {
  const { messages } = useModal()
  const m = messages.mfa
  const [attempt, setAttempt] = useState(0)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const [blocked, setBlocked] = useState(false)
  const [clearing, setClearing] = useState(false)
  const isMounted = useIsMounted()

  // A wrong code stays in the boxes with its error for CODE_ERROR_RESET_MS, then the boxes clear
  // (docs/modal.md).
  useEffect(() => {
    if (!clearing) return
    const timer = setTimeout(() => {
      setClearing(false)
      setAttempt((n) => n + 1)
    }, CODE_ERROR_RESET_MS)
    return () => clearTimeout(timer)
  }, [clearing])

  const verify = async (code: string) => {
    setBusy(true)
    setError(undefined)
    try {
      await submit(code)
      if (isMounted()) onDone()
    } catch (caught) {
      if (!isMounted()) return
      const { text, blocks } = mfaErrorText(caught, messages)
      setBusy(false)
      setError(text)
      setBlocked(blocks)
      if (!blocks) setClearing(true)
    }
  }

  return (
    <>
      <CodeInput
        key={attempt}
        onComplete={verify}
        onEdit={() => setError(undefined)}
        disabled={busy || blocked || clearing}
        error={error}
        errorResetMs={CODE_ERROR_RESET_MS}
        groupLabel={m.codeLabel}
        digitLabel={(n, total) => formatMessage(m.digitLabel, { n, total })}
        numericErrorMessage={m.numericError}
        lengthErrorMessage={m.lengthError}
      />
      <div className="foyer-row" role="status" aria-live="polite">
        {busy ? <Spinner /> : null}
      </div>
    </>
  )
}
