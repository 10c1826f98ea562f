/** Decorative 20 px icons (`aria-hidden`); they inherit `currentColor`. */
const common = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const

/** A left-pointing arrow (Back). */
export function BackIcon() {
  return (
    <svg aria-hidden="true" {...common}>
      <path d="M15 18l-6-6 6-6" />
    </svg>
  )
}

/** A cross (Close). */
export function CloseIcon() {
  return (
    <svg aria-hidden="true" {...common}>
      <path d="M18 6L6 18M6 6l12 12" />
    </svg>
  )
}

/** A check mark (success). */
export function CheckIcon() {
  return (
    <svg aria-hidden="true" {...common} width={28} height={28}>
      <path d="M20 6L9 17l-5-5" />
    </svg>
  )
}

/** An exclamation in a circle (error). */
export function AlertIcon() {
  return (
    <svg aria-hidden="true" {...common} width={28} height={28}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8v4M12 16h.01" />
    </svg>
  )
}
