import { CODE_ERROR_RESET_MS, CODE_LENGTH } from '@foyer/protocol'
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'

/** Props of {@link CodeInput}. */
export type CodeInputProps = {
  /** Called once all boxes hold a digit, with the code (e.g. `'123456'`). */
  onComplete: (code: string) => void
  /** Called on every edit (use it to clear an outside error). */
  onEdit?: (() => void) | undefined
  /**
   * Locks every box (e.g. while the code is being verified): read-only and `aria-disabled`, keeping focus
   * where it is.
   */
  disabled?: boolean
  /** An outside error to show under the boxes (e.g. 'Invalid or expired verification code'). */
  error?: string | undefined
  /** Accessible name of box `n` (1-based) of `total`, e.g. `'Digit 1 of 6'`. */
  digitLabel: (n: number, total: number) => string
  /** Shown when a non-digit is typed or pasted: 'Code should be numeric' (docs/limits.md). */
  numericErrorMessage: string
  /**
   * Shown when more digits than `length` are pasted or autofilled (e.g. 'Passcode must be exactly 6
   * numbers'); the boxes then reset after `errorResetMs` and nothing is submitted. Without it, the first
   * `length` digits are taken.
   */
  lengthErrorMessage?: string | undefined
  /** Accessible name of the group of boxes, e.g. `'Confirmation code'`. */
  groupLabel?: string
  /** Number of boxes; default `CODE_LENGTH` (6; docs/limits.md). */
  length?: number
  /** Delay before the boxes reset after a non-digit, in ms; default `CODE_ERROR_RESET_MS` (1400). */
  errorResetMs?: number
  /** Focus the first box when mounted; default `true`. */
  autoFocus?: boolean
  /** Text to enter on mount as if pasted (e.g. digits typed while the screen loaded). */
  initialText?: string | undefined
}

const isDigit = (value: string) => /^[0-9]$/.test(value)

/**
 * One-time-code entry: `length` single-digit boxes (docs/modal.md "Awaiting passwordless code",
 * docs/limits.md).
 *
 * - Typing a digit fills the box and moves to the next; Backspace clears and moves back; ←/→, Home and End
 *   move between boxes.
 * - Pasting (into any box) spreads the digits: a full code fills from the first box, a partial one from the
 *   focused box. Spaces and dashes are ignored.
 * - A non-digit shows `numericErrorMessage` and resets every box after `errorResetMs`; so does a paste of
 *   more than `length` digits with `lengthErrorMessage`.
 * - When every box holds a digit, `onComplete(code)` is called.
 *
 * Each box is `inputmode="numeric"` and labelled `digitLabel(n, total)`; the first has
 * `autocomplete="one-time-code"` so the browser can autofill the whole code. Remount (change `key`) to clear.
 *
 * @example
 * <CodeInput key={attempt} onComplete={verify} disabled={verifying} error={error}
 *   digitLabel={(n, total) => `Digit ${n} of ${total}`} numericErrorMessage="Code should be numeric" />
 */
export function CodeInput({
  onComplete,
  onEdit,
  disabled = false,
  error,
  digitLabel,
  numericErrorMessage,
  lengthErrorMessage,
  groupLabel,
  length = CODE_LENGTH,
  errorResetMs = CODE_ERROR_RESET_MS,
  autoFocus = true,
  initialText,
}: CodeInputProps) {
  const empty = useCallback(() => Array.from({ length }, () => ''), [length])
  const [digits, setDigits] = useState<string[]>(empty)
  /** The input error shown until the boxes reset: a non-digit, or too many digits pasted. */
  const [inputError, setInputError] = useState<'numeric' | 'length' | undefined>(undefined)
  const digitsRef = useRef(digits)
  const inputs = useRef<Array<HTMLInputElement | null>>([])
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pendingFocus = useRef<number | undefined>(undefined)
  const errorId = useId()
  const initialTextEntered = useRef(false)

  const focusBox = useCallback((index: number) => {
    inputs.current[index]?.focus()
  }, [])

  // Focus after React has committed the new values (so `select()` on focus sees them).
  useLayoutEffect(() => {
    if (pendingFocus.current === undefined) return
    const index = pendingFocus.current
    pendingFocus.current = undefined
    focusBox(index)
  })

  useEffect(() => {
    if (autoFocus) focusBox(0)
    return () => clearTimeout(resetTimer.current)
  }, [autoFocus, focusBox])

  // Once (StrictMode runs effects twice): the text typed before the boxes existed, as a paste.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the text present on mount counts.
  useEffect(() => {
    if (initialTextEntered.current || !initialText) return
    initialTextEntered.current = true
    spread(0, initialText)
  }, [])

  const commit = (next: string[], focusIndex?: number) => {
    digitsRef.current = next
    setDigits(next)
    if (focusIndex !== undefined) pendingFocus.current = Math.max(0, Math.min(length - 1, focusIndex))
    onEdit?.()
    if (next.length === length && next.every(isDigit)) onComplete(next.join(''))
  }

  const failInput = (next: string[], kind: 'numeric' | 'length' = 'numeric') => {
    digitsRef.current = next
    setDigits(next)
    setInputError(kind)
    onEdit?.()
    clearTimeout(resetTimer.current)
    resetTimer.current = setTimeout(() => {
      const cleared = empty()
      digitsRef.current = cleared
      setDigits(cleared)
      setInputError(undefined)
      pendingFocus.current = 0
    }, errorResetMs)
  }

  const spread = (start: number, text: string) => {
    const cleaned = text.replace(/[\s-]/g, '')
    if (cleaned === '') return
    const next = [...digitsRef.current]
    if (!/^[0-9]+$/.test(cleaned)) {
      next[start] = cleaned.charAt(0)
      failInput(next)
      return
    }
    if (cleaned.length > length && lengthErrorMessage !== undefined) {
      failInput(cleaned.slice(0, length).split(''), 'length')
      return
    }
    const from = cleaned.length >= length ? 0 : start
    const chars = cleaned.slice(0, length - from).split('')
    chars.forEach((char, offset) => {
      next[from + offset] = char
    })
    commit(next, from + chars.length)
  }

  const handleChange = (index: number, raw: string) => {
    if (disabled) return
    const previous = digitsRef.current[index] ?? ''
    if (raw === '') {
      const next = [...digitsRef.current]
      next[index] = ''
      commit(next)
      return
    }
    // If the box kept its old digit (caret not over it), keep only what was typed.
    let typed = raw
    if (previous && raw.length > previous.length) {
      if (raw.startsWith(previous)) typed = raw.slice(previous.length)
      else if (raw.endsWith(previous)) typed = raw.slice(0, raw.length - previous.length)
    }
    if (typed.length > 1) {
      spread(index, typed) // browser autofill of the whole code
      return
    }
    const next = [...digitsRef.current]
    next[index] = typed
    if (!isDigit(typed)) {
      failInput(next)
      return
    }
    commit(next, index + 1)
  }

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault()
        if (disabled) return
        const next = [...digitsRef.current]
        if (next[index]) {
          next[index] = ''
          commit(next, index)
        } else if (index > 0) {
          next[index - 1] = ''
          commit(next, index - 1)
        }
        return
      }
      case 'ArrowLeft':
        event.preventDefault()
        focusBox(Math.max(0, index - 1))
        return
      case 'ArrowRight':
        event.preventDefault()
        focusBox(Math.min(length - 1, index + 1))
        return
      case 'Home':
        event.preventDefault()
        focusBox(0)
        return
      case 'End':
        event.preventDefault()
        focusBox(length - 1)
        return
    }
  }

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    if (disabled) return
    const text = event.clipboardData.getData('text/plain') || event.clipboardData.getData('text')
    spread(index, text)
  }

  const message =
    inputError === 'numeric' ? numericErrorMessage : inputError === 'length' ? lengthErrorMessage : error
  const invalid = Boolean(message)

  return (
    <div className="foyer-field">
      <fieldset className="foyer-code">
        {groupLabel ? <legend className="foyer-sr-only">{groupLabel}</legend> : null}
        {digits.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positional and fixed in number.
            key={index}
            ref={(element) => {
              inputs.current[index] = element
            }}
            className="foyer-code-box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={digitLabel(index + 1, length)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            value={digit}
            readOnly={disabled}
            aria-disabled={disabled || undefined}
            onChange={(event) => handleChange(index, event.target.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </fieldset>
      {invalid ? (
        <p id={errorId} className="foyer-error-text" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  )
}
