/** Props of {@link Spinner}. */
export type SpinnerProps = {
  /** `'small'` (16 px, inherits the text color; default) or `'large'` (32 px, accent color). */
  size?: 'small' | 'large'
}

/**
 * A decorative progress indicator (hidden from assistive technology: pair it with `aria-busy` or a status
 * text).
 *
 * @example
 * <Spinner size="large" />
 */
export function Spinner({ size = 'small' }: SpinnerProps) {
  return <span className="foyer-spinner" data-size={size} aria-hidden="true" />
}
