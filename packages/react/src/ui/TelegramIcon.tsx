/**
 * Telegram's paper plane as a decorative 20 px stroke icon (`currentColor`, 24 × 24 grid), like the OAuth
 * icons.
 *
 * @example <TelegramIcon />
 */
export function TelegramIcon() {
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
      data-icon="telegram"
    >
      <path d="M21 4 3 11l6 2.5M21 4l-3.5 16-8.5-6.5M21 4 9 13.5V19l3-3" />
    </svg>
  )
}
