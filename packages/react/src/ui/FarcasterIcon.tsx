/**
 * Farcaster's arch as a decorative 20 px stroke icon (`currentColor`, 24 × 24 grid), like the OAuth icons.
 *
 * @example <FarcasterIcon />
 */
export function FarcasterIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable={false}
      aria-hidden="true"
    >
      <path d="M5 4h14M6 4v16M18 4v16M4 20h4M16 20h4M6 9a6 6 0 0 1 12 0M9 20v-6a3 3 0 0 1 6 0v6" />
    </svg>
  )
}
