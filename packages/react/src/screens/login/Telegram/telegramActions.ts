// The Telegram actions the provider and the link hook load on demand. Imported by name here (never as the
// `@foyer/core/telegram` namespace), so that a dynamic `import()` of this module loads only these.
export {
  getTelegramWebAppData,
  handleTelegramReturn,
  linkTelegram,
  loginWithTelegram,
  unlinkTelegram,
} from '@foyer/core/telegram'
