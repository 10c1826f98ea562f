import type { ReactNode } from 'react'

/** Decorative 20 px stroke icons, monochrome (`currentColor`), drawn on a 24 × 24 grid. */
const common = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const

const glyphs: Record<string, ReactNode> = {
  google: <path d="M20.5 12.2H12v3.4h4.9a5.3 5.3 0 1 1-1.4-5.8l2.4-2.4A8.6 8.6 0 1 0 20.5 12.2z" />,
  discord: (
    <>
      <path d="M8.5 17.5c-2 0-4-1-5-2.5 0-5.5 2-9 4-10l1.5 1.5h6L16.5 5c2 1 4 4.5 4 10-1 1.5-3 2.5-5 2.5l-1-2" />
      <path d="M9 15.5c2 .7 4 .7 6 0M9 11.5h.01M15 11.5h.01" />
    </>
  ),
  github: (
    <path d="M9 19c-4.3 1.4-4.3-2.5-6-3m12 5v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.2 4.2 0 0 0-.1-3.2s-1.1-.3-3.5 1.3a12.3 12.3 0 0 0-6.2 0C6.5 2.8 5.4 3.1 5.4 3.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.5c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21" />
  ),
  linkedin: (
    <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6zM2 9h4v12H2zM4 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4z" />
  ),
  twitter: <path d="M4 4l16 16M20 4l-6.8 6.8M4 20l6.8-6.8" />,
  spotify: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M7 9.5c3.5-1 7-.7 10 1M7.5 12.8c3-.8 5.8-.5 8 .8M8 16c2.4-.6 4.5-.4 6.3.6" />
    </>
  ),
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  tiktok: <path d="M9 11a4.5 4.5 0 1 0 4 4.5V3c.5 2.5 2.5 4.5 5 5" />,
  apple: (
    <path d="M12 7.5c-1.6-1-4.6-1.2-6 1.5s-1 7.5 1 10.5 3.5 2.5 5 1.8c1.5.7 3 1.2 5-1.8 1-1.5 1.5-2.8 1.7-3.5-2-1-2.5-4.8.3-6.3-1.3-2-4-2.5-5.5-1.5zM12 7.5c0-2 1.5-4.5 3.5-4.5" />
  ),
}

/** The generic icon of an unknown provider (docs/modal.md: "a generic error icon"). */
const unknown = (
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </>
)

/**
 * A provider's small inline SVG icon (decorative: `aria-hidden`), for the landing's OAuth buttons and the
 * OAuth status screen; a provider it does not know gets the generic error icon (docs/modal.md).
 *
 * @example <OAuthProviderIcon provider="google" />
 */
export function OAuthProviderIcon({ provider }: { provider: string }) {
  return (
    <svg
      aria-hidden="true"
      data-provider-icon={Object.hasOwn(glyphs, provider) ? provider : 'unknown'}
      {...common}
    >
      {Object.hasOwn(glyphs, provider) ? glyphs[provider] : unknown}
    </svg>
  )
}
