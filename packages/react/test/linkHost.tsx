import type { FoyerClient } from '@foyer/core'
import type { User } from '@foyer/protocol'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { expect } from 'vitest'
import { type TestRoutes, testAuthResponse, testUser } from './createTestClient'
import { renderHost } from './renderHost'

/**
 * A host page with 'Link {name}' and 'Unlink {name}' buttons that call `link` and `unlink` (a rejection is
 * ignored: the test reads the outcome from the client's state and the recorded calls).
 */
export function LinkUnlinkButtons({
  name,
  link,
  unlink,
}: {
  name: string
  link: () => Promise<unknown>
  unlink: () => Promise<unknown>
}) {
  return (
    <div>
      <button type="button" onClick={() => void link().catch(() => {})}>
        Link {name}
      </button>
      <button type="button" onClick={() => void unlink().catch(() => {})}>
        Unlink {name}
      </button>
    </div>
  )
}

/**
 * The user routes of a link-then-unlink test: `GET users/me` answers `testUser`; the session refresh after
 * the link answers `linked`, the one after the unlink `testUser` again.
 */
export function linkThenUnlinkRoutes(linked: User): TestRoutes {
  let refreshes = 0
  return {
    'GET /api/v1/users/me': () => ({ status: 200, body: { user: testUser } }),
    'POST /api/v1/sessions': () => ({
      status: 200,
      body: testAuthResponse({ user: ++refreshes === 1 ? linked : testUser }),
    }),
  }
}

/**
 * Signs `client` in with the email code `123456` (its routes answer `passwordless/authenticate`), then renders
 * `host` in a `FoyerProvider` on that client; returns the user-event session to click with.
 */
export async function renderSignedInHost(client: FoyerClient, host: ReactNode) {
  const { loginWithEmailCode } = await import('@foyer/core')
  await loginWithEmailCode(client, { email: 'ada@example.com', code: '123456' })
  const user = userEvent.setup()
  renderHost(client, host)
  return user
}

/**
 * Waits until the link's success screen closed the modal (after its delay), clicks 'Unlink {name}', and waits
 * until the client's user is `testUser` again.
 */
export async function unlinkOnceClosed(
  user: ReturnType<typeof userEvent.setup>,
  client: FoyerClient,
  name: string,
) {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 })
  await user.click(screen.getByRole('button', { name: `Unlink ${name}` }))
  await waitFor(() => expect(client.getState().user).toEqual(testUser))
}
