// `@foyer/core/telegram`: sign-in and linking with Telegram's login widget and mini apps (docs/modal.md,
// docs/wire.md, docs/api.md; docs/wire.md#telegram). A separate entry so that the sign-in bundle carries none
// of it: `@foyer/react` loads it with the Telegram screen, at page load only when the URL is a Telegram
// return or the page runs inside a Telegram mini app.

export {
  type GetTelegramWebAppDataErrorType,
  getTelegramWebAppData,
  type TelegramMiniAppWindow,
} from '../actions/telegram/getTelegramWebAppData'
export {
  type HandleTelegramReturnErrorType,
  handleTelegramReturn,
} from '../actions/telegram/handleTelegramReturn'
export {
  type LinkTelegramErrorType,
  type LinkTelegramParameters,
  linkTelegram,
} from '../actions/telegram/linkTelegram'
export {
  type LoadTelegramWidgetErrorType,
  type LoadTelegramWidgetParameters,
  type LoadTelegramWidgetReturnType,
  loadTelegramWidget,
} from '../actions/telegram/loadTelegramWidget'
export {
  type LoginWithTelegramErrorType,
  type LoginWithTelegramParameters,
  type LoginWithTelegramReturnType,
  loginWithTelegram,
} from '../actions/telegram/loginWithTelegram'
export {
  type UnlinkTelegramErrorType,
  type UnlinkTelegramParameters,
  unlinkTelegram,
} from '../actions/telegram/unlinkTelegram'
export { TelegramRateLimitError } from '../errors/TelegramRateLimitError'
export { TelegramWidgetError } from '../errors/TelegramWidgetError'
export type { TelegramReturnWindow } from '../telegram/readTelegramReturn'
export type { TelegramProof } from '../telegram/TelegramProof'
