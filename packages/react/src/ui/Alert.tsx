import type { ReactNode } from 'react'

/** Props of {@link Alert}. */
export type AlertProps = {
  /** `'error'` (default): something failed or blocks the action; `'warning'`: the user should know before acting. */
  tone?: 'error' | 'warning'
  children: ReactNode
}

/**
 * One line announced to assistive technology as it appears (`role="alert"`), in the error or warning text style.
 *
 * @example
 * {short ? <Alert>{m.insufficientFunds}</Alert> : null}
 */
export function Alert({ tone = 'error', children }: AlertProps) {
  return (
    <p className={tone === 'error' ? 'foyer-error-text' : 'foyer-warning'} role="alert">
      {children}
    </p>
  )
}
