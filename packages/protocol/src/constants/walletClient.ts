/** Time allowed for the wallet frame to answer its ready handshake, in ms (docs/limits.md, creation). */
export const WALLET_PROXY_READY_TIMEOUT_MS = 15_000
/**
 * Time the password screen of a wallet creation waits for the wallet frame's ready handshake, in ms
 * (docs/limits.md, creation): the frame may still be loading while the user types a password.
 */
export const WALLET_PROXY_PASSWORD_READY_TIMEOUT_MS = 30_000
/** Default time allowed for one wallet frame request, in ms (docs/limits.md leaves the value open). */
export const WALLET_RPC_TIMEOUT_MS = 60_000

/** Length from which the variety score of a password counts (docs/limits.md). */
export const PASSWORD_VARIETY_MIN_LENGTH = 8
/** Strength above which a password is Strong, and above which it is Medium (docs/limits.md). */
export const PASSWORD_STRENGTH_STRONG = 0.9
export const PASSWORD_STRENGTH_MEDIUM = 0.5
/** Number of words in a generated password (docs/limits.md). */
export const GENERATED_PASSWORD_WORDS = 4
/** Delay before the password screens' buttons act, in ms (docs/limits.md). */
export const PASSWORD_BUTTON_DELAY_MS = 250

/** The key export screen stays at least this long, in ms (docs/limits.md). */
export const KEY_EXPORT_MIN_DISPLAY_MS = 1000
/**
 * Height of the export frame, in px: a private key only, or a key and a recovery phrase. The export page lays
 * out in this height at any width from 280 px; it scrolls only if a font is far larger.
 */
export const EXPORT_FRAME_KEY_HEIGHT_PX = 250
/** See {@link EXPORT_FRAME_KEY_HEIGHT_PX}. */
export const EXPORT_FRAME_PHRASE_HEIGHT_PX = 430
/** How long a copy button shows 'Copied', in ms (docs/modal.md). */
export const COPY_FEEDBACK_MS = 1500

/** Lamports per SOL (docs/limits.md). */
export const LAMPORTS_PER_SOL = 1_000_000_000
/** Maximum height of the typed-data view, and of an expanded details panel, in px (docs/limits.md). */
export const TYPED_DATA_VIEW_MAX_HEIGHT_PX = 310
export const DETAILS_PANEL_MAX_HEIGHT_PX = 700
