import { type ReactNode, useId } from 'react'
import { type TextFieldProps, textFieldAttributes } from './TextFieldProps'

/** Props of {@link EmailInput}. */
export type EmailInputProps = TextFieldProps & {
  /** The field's text, as typed. */
  value: string
  onChange(value: string): void
  /** Accessible label of the field (visually hidden). */
  label: string
  onFocus?: (() => void) | undefined
  /** What sits in the field's row after the input: a chip, the Submit button. */
  children?: ReactNode
}

/**
 * Email address field (docs/modal.md "Landing", "Link email"): a visually hidden label, an `email` input with
 * the browser's email autocomplete, and the row it shares with what follows it (`children`). Presentational:
 * validation is the caller's (`isValidEmail`).
 *
 * @example
 * <EmailInput value={email} onChange={setEmail} label="Email address">
 *   <Button type="submit">Submit</Button>
 * </EmailInput>
 */
export function EmailInput(props: EmailInputProps) {
  const inputId = useId()
  return (
    <>
      <label htmlFor={inputId} className="foyer-sr-only">
        {props.label}
      </label>
      <div className="foyer-input-row" data-invalid={props.invalid || undefined}>
        <input
          {...textFieldAttributes(props)}
          id={inputId}
          className="foyer-input"
          type="email"
          name="email"
          autoComplete="email"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          onFocus={props.onFocus}
        />
        {props.children}
      </div>
    </>
  )
}
