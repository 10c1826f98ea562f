import type { ReactNode } from 'react'
import { BackIcon } from './icons'

/** Props of {@link ScreenHeader}. */
export type ScreenHeaderProps = {
  /** The screen's heading element (the modal passes its dialog title, which labels the dialog). */
  title: ReactNode
  /** When set, a Back button shows at the left and calls it. */
  onBack?: (() => void) | undefined
  /** Accessible name of the Back button, e.g. `'Back'`. */
  backLabel?: string
}

/**
 * The top row of a screen: an optional Back button and the heading.
 *
 * @example
 * <ScreenHeader title={<h2>Enter confirmation code</h2>} onBack={router.back} backLabel="Back" />
 */
export function ScreenHeader({ title, onBack, backLabel = 'Back' }: ScreenHeaderProps) {
  return (
    <div className="foyer-header">
      {onBack ? (
        <button
          type="button"
          className="foyer-icon-button foyer-back"
          aria-label={backLabel}
          onClick={onBack}
        >
          <BackIcon />
        </button>
      ) : null}
      {title}
    </div>
  )
}
