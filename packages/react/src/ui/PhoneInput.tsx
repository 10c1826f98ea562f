import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/min'
import { type ChangeEvent, useId, useMemo } from 'react'
import { phoneFieldFromInput } from './readPhoneNumber'
import { type TextFieldProps, textFieldAttributes } from './TextFieldProps'

/** Props of {@link PhoneInput}. */
export type PhoneInputProps = TextFieldProps & {
  /** The chosen country (ISO 3166-1 alpha-2, e.g. `'US'`). */
  country: string
  /** The field's text, formatted as typed. */
  text: string
  /** Called with the new country and text; changing the country clears the text (docs/limits.md). */
  onChange(value: { country: string; text: string }): void
  /** Accessible labels: the country dropdown and the number field. */
  labels: { country: string; number: string }
  /** Called when the number field loses focus. */
  onBlur?: (() => void) | undefined
}

/**
 * Phone number field (docs/modal.md, docs/limits.md): a native country dropdown (keyboard accessible)
 * whose options show the country code and calling code ('US +1'; no flag emoji, which many systems
 * render as letters or boxes), and a `tel` field formatted as
 * you type with libphonenumber-js `AsYouType` (min metadata). Changing the country clears the number; a
 * complete international number typed or pasted ('+44 7400 123456') switches the dropdown to its country.
 * Presentational: validation is the caller's (`readPhoneNumber`). Loaded lazily with the phone form.
 *
 * @example
 * <PhoneInput country="US" text={text} onChange={(v) => { setCountry(v.country); setText(v.text) }}
 *   labels={{ country: 'Country', number: 'Phone number' }} />
 */
export function PhoneInput(props: PhoneInputProps) {
  const { country, text, onChange, labels } = props
  const selectId = useId()
  const inputId = useId()
  const countries = useMemo(
    () =>
      getCountries().map((code) => ({
        code,
        label: `${code} +${getCountryCallingCode(code)}`,
      })),
    [],
  )
  const known = countries.some((option) => option.code === country)

  return (
    <div className="foyer-phone" data-invalid={props.invalid || undefined}>
      <label htmlFor={selectId} className="foyer-sr-only">
        {labels.country}
      </label>
      <select
        id={selectId}
        className="foyer-input foyer-phone-country"
        value={known ? country : ''}
        disabled={props.readOnly}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          onChange({ country: event.target.value, text: '' })
        }
      >
        {known ? null : <option value="" />}
        {countries.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
      <label htmlFor={inputId} className="foyer-sr-only">
        {labels.number}
      </label>
      <input
        {...textFieldAttributes(props)}
        id={inputId}
        className="foyer-input"
        type="tel"
        name="phone"
        autoComplete="tel-national"
        inputMode="tel"
        value={text}
        onChange={(event) => onChange(phoneFieldFromInput(country, text, event.target.value))}
        onBlur={props.onBlur}
      />
    </div>
  )
}

export type { CountryCode }
