import { type InputHTMLAttributes, useId, useState } from 'react'
import { EyeIcon, EyeOffIcon } from './icons'

/** Props of {@link PasswordInput}: an input's attributes plus its label, error and toggle labels. */
export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** Visible label. */
  label: string
  /** Error text under the field (shown with `role="alert"`). */
  error?: string | undefined
  /** Accessible names of the show/hide toggle, e.g. 'Show password' / 'Hide password'. */
  showLabel: string
  hideLabel: string
}

/**
 * A password field with a show/hide toggle: an eye icon
 * button named by `showLabel` / `hideLabel` (its `aria-label` and tooltip), so the field keeps its width.
 *
 * @example
 * <PasswordInput label="Password" value={value} onChange={…} showLabel="Show password" hideLabel="Hide password" />
 */
export function PasswordInput({ label, error, showLabel, hideLabel, id, ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false)
  const generated = useId()
  const inputId = id ?? generated
  const errorId = `${inputId}-error`
  return (
    <div className="foyer-field">
      <label htmlFor={inputId} className="foyer-text">
        {label}
      </label>
      <div className="foyer-input-row" data-invalid={error ? true : undefined}>
        <input
          {...rest}
          id={inputId}
          className="foyer-input"
          type={visible ? 'text' : 'password'}
          autoComplete={rest.autoComplete ?? 'new-password'}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="button"
          className="foyer-icon-button"
          aria-label={visible ? hideLabel : showLabel}
          title={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="foyer-error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
