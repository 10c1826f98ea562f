import { type ReactNode, useId, useState } from 'react'

/** Props of {@link Collapsible}. */
export type CollapsibleProps = {
  /** The toggle's text, e.g. 'Details'. */
  label: string
  children: ReactNode
  /** Open at first; default `false`. */
  defaultOpen?: boolean
}

/**
 * An expandable section: a toggle button (`aria-expanded`, `aria-controls`) and its panel (docs/modal.md; the
 * panel scrolls beyond 700 px).
 *
 * @example
 * <Collapsible label="Details"><DetailRows rows={rows} /></Collapsible>
 */
export function Collapsible({ label, children, defaultOpen = false }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen)
  const panelId = useId()
  return (
    <div className="foyer-card">
      <button
        type="button"
        className="foyer-collapsible-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>{label}</span>
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      {open ? (
        <div id={panelId} className="foyer-collapsible-panel">
          {children}
        </div>
      ) : null}
    </div>
  )
}
