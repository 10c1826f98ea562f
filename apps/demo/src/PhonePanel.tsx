import type { EmailAccount, PhoneAccount } from '@foyer/protocol'
import { useFoyer, useLinkEmail, useLinkPhone, useUpdatePhone } from '@foyer/react'
import { useActionOutcome } from './panelActions'

/**
 * Phone and email linking for the signed-in user: the linked number, 'Link phone' / 'Update phone' (the
 * modal's link mode), 'Unlink phone', and 'Link email' when no address is linked (e.g. after an SMS
 * sign-in). Shows the documented text (docs/errors.md) of the last failure.
 */
export function PhonePanel() {
  const { user } = useFoyer()
  const { openLinkPhone, unlinkPhone, busy, error: unlinkError } = useLinkPhone()
  const { openUpdatePhone } = useUpdatePhone()
  const { openLinkEmail } = useLinkEmail()
  const { outcome, run } = useActionOutcome()
  const phone = user?.linked_accounts.find((account): account is PhoneAccount => account.type === 'phone')
  const email = user?.linked_accounts.find((account): account is EmailAccount => account.type === 'email')

  return (
    <section>
      <h2>Phone</h2>
      <p>
        Phone number: <strong data-testid="user-phone">{phone?.number ?? 'none'}</strong>
      </p>
      <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {phone ? (
          <>
            <button type="button" onClick={() => run(openUpdatePhone, 'phone updated')}>
              Update phone
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => run(() => unlinkPhone(phone.number), 'phone unlinked')}
            >
              Unlink phone
            </button>
          </>
        ) : (
          <button type="button" onClick={() => run(openLinkPhone, 'phone linked')}>
            Link phone
          </button>
        )}
        {email ? null : (
          <button type="button" onClick={() => run(openLinkEmail, 'email linked')}>
            Link email
          </button>
        )}
      </p>
      <p data-testid="phone-outcome">{outcome}</p>
      {unlinkError ? <p role="alert">{unlinkError.message}</p> : null}
    </section>
  )
}
