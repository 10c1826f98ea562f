import type { TelegramAuthResult, TelegramWebAppData } from '@foyer/protocol'

/**
 * What proves a Telegram account (docs/wire.md "Telegram"): the login widget's auth result, or a mini app's
 * `initData` split into key → value. Exactly one.
 */
export type TelegramProof =
  | { authResult: TelegramAuthResult; webAppData?: undefined }
  | { webAppData: TelegramWebAppData; authResult?: undefined }

/** The wire fields of a {@link TelegramProof} (docs/wire.md#telegram). @internal */
export function telegramProofBody(
  proof: TelegramProof,
): { telegram_auth_result: TelegramAuthResult } | { telegram_web_app_data: TelegramWebAppData } {
  return proof.authResult
    ? { telegram_auth_result: proof.authResult }
    : { telegram_web_app_data: proof.webAppData as TelegramWebAppData }
}
