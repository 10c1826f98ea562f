import { useFoyer, useUpdateEmail } from '@foyer/react'
import { useState } from 'react'

/**
 * The signed-in user's email (docs/modal.md "Update email"): 'Update email' opens the modal, which sends a
 * code to the new address and replaces the old one once the code is right.
 */
export function EmailPanel() {
  const { user } = useFoyer()
  const { openUpdateEmail } = useUpdateEmail()
  const [error, setError] = useState('')
  const email = user?.linked_accounts.find((account) => account.type === 'email')
  if (!email) return null
  return (
    <p>
      Email: <strong data-testid="linked-email">{email.address}</strong>{' '}
      <button
        type="button"
        style={button}
        onClick={() => {
          setError('')
          openUpdateEmail().catch((caught: { code?: string; message?: string }) => {
            if (caught?.code !== 'user_rejected') setError(caught?.message ?? String(caught))
          })
        }}
      >
        Update email
      </button>
      {error ? <span role="alert"> {error}</span> : null}
    </p>
  )
}

const button = { fontSize: 16, padding: '8px 20px', borderRadius: 8, cursor: 'pointer' }
