import { type RefObject, useEffect, useRef, useState } from 'react'
import { Spinner } from '../ui/Spinner'
import { captureTyping } from './captureTyping'

/** Props of {@link ScreenLoading}. */
export type ScreenLoadingProps = {
  /** Announced while the screen loads, e.g. 'Loading: Enter confirmation code'. */
  label: string
  /** The box holding the screens: its height, read before the previous screen goes, is kept. */
  screenBox: RefObject<HTMLElement | null>
  /** Receives what the user types or pastes meanwhile (the loading screen takes it over). */
  onType(text: string): void
}

/**
 * What the modal shows while a lazy screen's code loads: a centred spinner in a box as tall as
 * the previous screen, so the modal never collapses to a bare spinner; characters typed and text pasted
 * meanwhile are handed to `onType` instead of being lost (the code screen fills its boxes with them); it
 * holds the focus meanwhile, since the previous screen's focused field is hidden.
 * No heading: React keeps the previous screen (and its heading) mounted but hidden, and that heading still
 * names the dialog. Internal to `FoyerModal`.
 */
export function ScreenLoading({ label, screenBox, onType }: ScreenLoadingProps) {
  // Read during the first render, while the DOM still shows the previous screen.
  const [minHeight] = useState(() => screenBox.current?.offsetHeight || undefined)
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    // The previous screen's focused field is hidden now: the keys come here until the screen arrives.
    box.current?.focus()
    return captureTyping(onType)
  }, [onType])

  return (
    <div
      ref={box}
      tabIndex={-1}
      className="foyer-center"
      role="status"
      style={{ minHeight, alignItems: 'center', boxSizing: 'border-box', outline: 'none' }}
    >
      <Spinner size="large" />
      <span className="foyer-sr-only">{label}</span>
    </div>
  )
}
