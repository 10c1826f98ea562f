import type { User } from '@foyer/protocol'
import { openLinkFlow } from './openLinkScreen'
import { useHostCalls } from './useHostCalls'

/** What {@link useLinkTelegram} returns. */
export type UseLinkTelegramReturnType = {
  /**
   * Links a Telegram account to the signed-in user (docs/limits.md, docs/api.md): opens the modal on the
   * Telegram screen, which links with the mini app's `initData` inside Telegram, else through the login
   * widget, and shows the docs/errors.md Telegram texts on failure ('This account has already been linked to
   * another user.' …). Resolves with the updated user; rejects with `UserRejectedRequestError`
   * (`'user_rejected'`) when the user closes the modal, and with an Error when nobody is signed in.
   */
  linkTelegram(): Promise<User>
  /** Unlinks the Telegram account `telegramUserId` (its `telegram_user_id`); resolves with the updated user. */
  unlinkTelegram(telegramUserId: string): Promise<User>
  /** True while an unlink runs. */
  busy: boolean
  /**
   * The last failure of an unlink: its code and the documented text (docs/errors.md) (the error table's
   * `link` flow), or null.
   */
  error: { code: string; message: string } | null
}

/**
 * Links and unlinks the signed-in user's Telegram account (docs/modal.md "Telegram auth screen",
 * docs/limits.md, docs/api.md); a thin hook over core `linkTelegram` (through the modal's Telegram screen)
 * and `unlinkTelegram`.
 *
 * @throws Error 'useLinkTelegram must be used within <FoyerProvider>.' outside a provider
 * @example
 * const { linkTelegram, unlinkTelegram } = useLinkTelegram()
 * <button onClick={() => linkTelegram().catch(() => {})}>Link Telegram</button>
 * <button onClick={() => unlinkTelegram(account.telegram_user_id)}>Unlink Telegram</button>
 */
export function useLinkTelegram(): UseLinkTelegramReturnType {
  return useHostCalls('useLinkTelegram', 'link', ({ client, openFlow, track }) => ({
    linkTelegram: () =>
      openLinkFlow(client, openFlow, (settle) => ({ id: 'telegram', params: { action: 'link', settle } })),
    unlinkTelegram: (telegramUserId: string) =>
      track(async () => {
        const { unlinkTelegram } = await import('../screens/login/Telegram/telegramActions')
        return unlinkTelegram(client, { telegramUserId })
      }),
  }))
}
