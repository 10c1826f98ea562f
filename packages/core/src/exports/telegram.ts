// `@foyer/core/telegram`: sign-in and linking with Telegram's login widget and mini apps (docs/modal.md,
// docs/wire.md, docs/api.md; docs/wire.md#telegram). A separate entry so that the sign-in bundle carries none
// of it: `@foyer/react` loads it with the Telegram screen, at page load only when the URL is a Telegram
// return or the page runs inside a Telegram mini app.

export { getTelegramWebAppData, type TelegramMiniAppWindow } from '../actions/getTelegramWebAppData'
export { handleTelegramReturn } from '../actions/handleTelegramReturn'
export { type LinkTelegramParameters, linkTelegram } from '../actions/linkTelegram'
export {
  type LoadTelegramWidgetParameters,
  type LoadTelegramWidgetReturnType,
  loadTelegramWidget,
} from '../actions/loadTelegramWidget'
export {
  type LoginWithTelegramParameters,
  type LoginWithTelegramReturnType,
  loginWithTelegram,
} from '../actions/loginWithTelegram'
export { type UnlinkTelegramParameters, unlinkTelegram } from '../actions/unlinkTelegram'
export { TelegramRateLimitError } from '../errors/TelegramRateLimitError'
export { TelegramWidgetError } from '../errors/TelegramWidgetError'
export type { TelegramReturnWindow } from '../telegram/readTelegramReturn'
export type { TelegramProof } from '../telegram/TelegramProof'
