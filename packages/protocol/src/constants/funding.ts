// Funding constants (docs/limits.md).

/** The card provider's purchase status is polled this often, in ms. */
export const FUNDING_CARD_POLL_MS = 3000
/** Polling starts (the external transaction id is stored) this long after the widget opens, in ms. */
export const FUNDING_CARD_START_DELAY_MS = 8000
/** Non-404 polling errors after which the card flow gives up and returns to method selection. */
export const FUNDING_CARD_MAX_POLL_ERRORS = 3
/** The exchange on-ramp's status is polled this often, in ms. */
export const FUNDING_EXCHANGE_POLL_MS = 1500
/** Exchange polling starts this long after its popup opens, in ms. */
export const FUNDING_EXCHANGE_START_DELAY_MS = 5000
/** Polls after the exchange popup closed without success before going back to method selection. */
export const FUNDING_EXCHANGE_POST_CLOSE_ATTEMPTS = 3
/** The manual-receive screen polls the balance this often, in ms. */
export const FUNDING_RECEIVE_POLL_MS = 2000
/** Size of a provider popup, in CSS px. */
export const FUNDING_POPUP_WIDTH_PX = 440
export const FUNDING_POPUP_HEIGHT_PX = 680
/** The receive screen's QR code: size in CSS px and error-correction level. */
export const FUNDING_QR_SIZE_PX = 160
export const FUNDING_QR_ECC = 'Q'
