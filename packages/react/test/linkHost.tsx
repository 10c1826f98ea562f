import type { User } from '@foyer/protocol'
import { type TestRoutes, testAuthResponse, testUser } from './createTestClient'

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
