import type { TelegramAccount } from '@foyer/protocol'
import { useFoyer, useLinkTelegram } from '@foyer/react'
import { useActionOutcome } from './panelActions'

/**
 * The signed-in user's Telegram account (docs/limits.md, docs/api.md): the linked one with 'Unlink Telegram',
 * else 'Link Telegram' (the modal's Telegram screen and the login widget). Shows the outcome of the last
 * action.
 */
export function TelegramPanel() {
  const { user } = useFoyer()
  const { linkTelegram, unlinkTelegram, busy, error } = useLinkTelegram()
  const { outcome, run } = useActionOutcome()
  const account = user?.linked_accounts.find(
    (linked): linked is TelegramAccount => linked.type === 'telegram',
  )

  return (
    <section>
      <h2>Telegram</h2>
      {account ? (
        <p data-testid="telegram-account">
          {account.first_name} {account.username ? `@${account.username}` : ''} ({account.telegram_user_id}){' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => run(() => unlinkTelegram(account.telegram_user_id), 'telegram unlinked')}
          >
            Unlink Telegram
          </button>
        </p>
      ) : (
        <button type="button" onClick={() => run(() => linkTelegram(), 'telegram linked')}>
          Link Telegram
        </button>
      )}
      <p data-testid="telegram-outcome">{outcome}</p>
      {error ? <p role="alert">{error.message}</p> : null}
    </section>
  )
}
