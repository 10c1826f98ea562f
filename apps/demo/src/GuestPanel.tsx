import { useFoyer, useLinkEmail } from '@foyer/react'
import { useState } from 'react'

/**
 * Guest accounts (docs/wire.md): 'Continue as guest' while signed out; for a signed-in guest, a form that
 * upgrades it to a full user by linking an email (code → link; the session rotates).
 */
export function GuestPanel() {
  const { ready, authenticated, user, loginAsGuest } = useFoyer()
  const { sendCode, linkEmail, busy, error } = useLinkEmail()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [sent, setSent] = useState(false)
  const [guestError, setGuestError] = useState('')

  if (!authenticated)
    return (
      <p>
        <button
          type="button"
          disabled={!ready}
          style={button}
          onClick={() => {
            setGuestError('')
            loginAsGuest().catch((caught: Error) => setGuestError(caught.message))
          }}
        >
          Continue as guest
        </button>
        {guestError ? <span role="alert"> {guestError}</span> : null}
      </p>
    )
  return (
    <section>
      <p>
        Guest: <strong data-testid="is-guest">{String(user?.is_guest ?? false)}</strong>
      </p>
      {user?.is_guest ? (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (!sent)
              void sendCode(email).then(
                () => setSent(true),
                () => {},
              )
            else void linkEmail({ email, code }).catch(() => {})
          }}
        >
          <label>
            Email to link{' '}
            <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </label>{' '}
          {sent ? (
            <label>
              Link code{' '}
              <input inputMode="numeric" value={code} onChange={(event) => setCode(event.target.value)} />
            </label>
          ) : null}{' '}
          <button type="submit" disabled={busy} style={button}>
            {sent ? 'Link email' : 'Send link code'}
          </button>
          {error ? <p role="alert">{error.message}</p> : null}
        </form>
      ) : null}
    </section>
  )
}

const button = { fontSize: 16, padding: '8px 20px', borderRadius: 8, cursor: 'pointer' }
