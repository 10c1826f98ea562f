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

/** An open eye (show a hidden value). */
export function EyeIcon() {
  return (
    <svg aria-hidden="true" {...common}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  )
}

/** A struck-through eye (hide a shown value). */
export function EyeOffIcon() {
  return (
    <svg aria-hidden="true" {...common}>
      <path d="M3 3l18 18M10.6 5.1A10.9 10.9 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  )
}

/** Telegram's paper plane (the landing's Telegram entry). */
export function TelegramIcon() {
  return (
    <svg aria-hidden="true" data-icon="telegram" {...common} strokeWidth={1.8}>
      <path d="M21 4 3 11l6 2.5M21 4l-3.5 16-8.5-6.5M21 4 9 13.5V19l3-3" />
    </svg>
  )
}
