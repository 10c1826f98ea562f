import type { HTMLAttributes } from 'react'

/** A small pill (theme variables only, so it follows the host's appearance). */
const chipStyle = {
  padding: '2px 8px',
  borderRadius: 999,
  border: '1px solid var(--foyer-border)',
  fontSize: 12,
  fontWeight: 400,
  whiteSpace: 'nowrap',
  flexShrink: 0,
} as const

/** Props of {@link Chip}: every `<small>` attribute (e.g. `id` to point `aria-describedby` at it). */
export type ChipProps = HTMLAttributes<HTMLElement>

/**
 * A short label such as 'Recent' (docs/modal.md). Not
 * interactive; give it an `id` and reference it from the control it marks (`aria-describedby`), so screen
 * readers announce it with that control.
 *
 * @example
 * <Chip id={recentId}>Recent</Chip>
 */
export function Chip({ className, style, ...rest }: ChipProps) {
  return (
    <small
      {...rest}
      className={['foyer-chip', className ?? ''].join(' ').trim()}
      style={style ? { ...chipStyle, ...style } : chipStyle}
    />
  )
}
