import { useEffect, useRef, useState } from 'react'
import { Button } from './Button'

/** Props of {@link CopyButton}. */
export type CopyButtonProps = {
  /** The text to copy. */
  text: string
  /** The button's label, e.g. 'Copy'. */
  label: string
  /** Shown for `feedbackMs` after copying, e.g. 'Copied'. */
  copiedLabel: string
  /** How long `copiedLabel` shows, in ms (docs/modal.md: 1.5 s). */
  feedbackMs: number
  variant?: 'primary' | 'secondary' | 'link'
  /** Accessible name when the visible label is not enough (e.g. 'Copy transaction hash'). */
  ariaLabel?: string
}

/**
 * Copies `text` to the clipboard and shows `copiedLabel` for `feedbackMs` (docs/modal.md "Copy button shows
 * 'Copied' for 1.5 s").
 *
 * @example
 * <CopyButton text={hash} label="Copy" copiedLabel="Copied" feedbackMs={1500} />
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  feedbackMs,
  variant = 'secondary',
  ariaLabel,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <Button
      variant={variant}
      aria-label={ariaLabel}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text)
        } catch {
          return // no clipboard access: nothing copied, no feedback
        }
        setCopied(true)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => setCopied(false), feedbackMs)
      }}
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  )
}
