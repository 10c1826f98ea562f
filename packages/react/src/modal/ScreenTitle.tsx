import { Title } from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'

/**
 * A screen's heading (`<h2>`): the element the dialog's `aria-labelledby` points at (docs/conventions.md
 * "Accessibility"). Every screen renders exactly one.
 *
 * @example
 * <ScreenTitle>Enter confirmation code</ScreenTitle>
 */
export function ScreenTitle({ children, className }: { children: ReactNode; className?: string }) {
  return <Title className={className ?? 'foyer-title'}>{children}</Title>
}
