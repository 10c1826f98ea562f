import type { ButtonHTMLAttributes } from 'react'
import { Spinner } from './Spinner'

/** Props of {@link Button}: every `<button>` attribute, plus a look and a busy state. */
export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** `'primary'` (accent fill; default), `'secondary'` (outlined) or `'link'` (text only). */
  variant?: 'primary' | 'secondary' | 'link'
  /** Full width of the screen. */
  block?: boolean
  /**
   * Work in progress: shows a spinner, sets `aria-busy` and `aria-disabled` and ignores clicks, while the
   * button keeps focus and its accessible name.
   */
  busy?: boolean
}

/**
 * The modal's button. Defaults to `type="button"`.
 *
 * @example
 * <Button type="submit" block busy={sending} disabled={!valid}>Submit</Button>
 */
export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['foyer-button', block ? 'foyer-button-block' : '', className ?? ''].join(' ').trim()}
      data-variant={variant}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault()
          return
        }
        onClick?.(event)
      }}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  )
}
