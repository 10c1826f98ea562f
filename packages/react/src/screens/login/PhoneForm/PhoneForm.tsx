import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { formatMessage } from '../../../i18n/formatMessage'
import { useModal } from '../../../modal/ModalContext'
import { preloadEmailScreens } from '../../../modal/preloadScreens'
import { Button } from '../../../ui/Button'
import { Chip } from '../../../ui/Chip'
import { PhoneInput } from '../../../ui/PhoneInput'
import { phoneFieldFromE164, phoneNumberProblem, readPhoneNumber } from '../../../ui/readPhoneNumber'

/**
 * The country the phone field starts on: config `intl.defaultCountry`, else 'US' (docs/wire.md,
 * docs/limits.md).
 */
export const DEFAULT_COUNTRY = 'US'

/** The country's name for the reason text ('United Kingdom'), or its code where `Intl` has no names. */
function countryName(country: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(country) ?? country
  } catch {
    return country
  }
}

/** Props of {@link PhoneForm}. */
export type PhoneFormProps = {
  /** Called with the E.164 number when the user submits a valid number. */
  onSubmit(phoneNumber: string): void
  /** A number to prefill (E.164), e.g. when coming Back to the form. */
  initialPhoneNumber?: string | undefined
  /** Shows the Submit button busy and the field read-only. */
  busy?: boolean | undefined
  /** Focus the number field on mount. */
  autoFocus?: boolean | undefined
  /** An error shown under the field (cleared by the caller). */
  error?: string | undefined
  /** Called when the field is edited. */
  onEdit?: (() => void) | undefined
  /** A chip shown beside Submit (the landing's 'Recent'), announced with the number field (`aria-describedby`). */
  badge?: string | undefined
}

/**
 * The phone form of the landing and link screens (docs/modal.md, docs/limits.md): {@link PhoneInput}, an
 * optional `badge` chip and Submit. Submit
 * stays disabled until the number is valid for the chosen country (2 to 17 national digits); over 250
 * characters shows 'Phone number is too long'; Enter submits; the E.164 number is what is submitted. Why
 * an entered number is not valid (too short, too long, not a number of the country) shows under the field
 * once the user leaves it or presses Enter.
 * Loaded lazily (it carries libphonenumber-js and its min metadata), so the landing bundle stays small.
 */
export function PhoneForm(props: PhoneFormProps) {
  const { config, messages } = useModal()
  const m = messages.landing
  const defaultCountry = config?.intl?.defaultCountry?.toUpperCase() || DEFAULT_COUNTRY
  const [field, setField] = useState(() =>
    props.initialPhoneNumber
      ? phoneFieldFromE164(props.initialPhoneNumber, defaultCountry)
      : { country: defaultCountry, text: '' },
  )
  const inputRef = useRef<HTMLInputElement>(null)
  const errorId = useId()
  const badgeId = useId()
  // The reason an entered number is not valid shows once the user leaves the field or presses Enter
  // (a too-long number at once), so it does not flash while a number is being typed.
  const [showProblem, setShowProblem] = useState(false)
  const { e164, tooLong } = readPhoneNumber(field.country, field.text)
  const problem = phoneNumberProblem(field.country, field.text)
  const problemText =
    problem && (showProblem || problem === 'tooLong')
      ? formatMessage(
          problem === 'tooShort'
            ? messages.polish.phoneTooShort
            : problem === 'tooLong'
              ? messages.polish.phoneTooLongFor
              : messages.polish.phoneInvalid,
          { country: countryName(field.country) },
        )
      : undefined
  const error = tooLong ? m.phoneTooLong : (props.error ?? problemText)
  const describedBy = [error ? errorId : '', props.badge ? badgeId : ''].filter(Boolean).join(' ')

  useEffect(() => {
    if (props.autoFocus) inputRef.current?.focus()
  }, [props.autoFocus])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setShowProblem(true)
    if (e164 && !props.busy) props.onSubmit(e164)
  }

  return (
    <form
      className="foyer-field"
      noValidate
      onSubmit={submit}
      // The code screen's chunk loads while the number is typed.
      onFocus={preloadEmailScreens}
      aria-busy={props.busy || undefined}
    >
      <div className="foyer-input-row" data-invalid={error ? true : undefined}>
        <PhoneInput
          country={field.country}
          text={field.text}
          onChange={(next) => {
            setField(next)
            props.onEdit?.()
          }}
          onBlur={() => setShowProblem(true)}
          labels={{ country: m.countryLabel, number: m.phoneLabel }}
          placeholder={m.phoneLabel}
          readOnly={props.busy}
          invalid={error ? true : undefined}
          describedBy={describedBy || undefined}
          inputRef={inputRef}
        />
        {props.badge ? <Chip id={badgeId}>{props.badge}</Chip> : null}
        <Button
          type="submit"
          disabled={!e164}
          busy={props.busy ?? false}
          aria-describedby={problemText ? errorId : undefined}
        >
          {m.submit}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
