import type { FoyerStorage } from '@foyer/core'
import type { AppConfig } from '@foyer/protocol'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { expect, vi } from 'vitest'
import type { FoyerConfig } from '../src/FoyerProvider/FoyerConfig'
import type { FoyerLoginOptions } from '../src/FoyerProvider/FoyerLoginOptions'
import { FoyerProvider } from '../src/FoyerProvider/FoyerProvider'
import { useFoyer } from '../src/hooks/useFoyer'
import { createTestClient, TEST_APP_ID, type TestRoutes } from './createTestClient'

/** A host page: a status line and Log in / Log out buttons driven by `useFoyer` (login with `loginOptions`). */
function Host({ loginOptions }: { loginOptions?: FoyerLoginOptions | undefined }) {
  const { ready, authenticated, user, login, logout } = useFoyer()
  return (
    <div>
      <p data-testid="host-status">
        {ready ? (authenticated ? `signed in as ${user?.id}` : 'signed out') : 'loading'}
      </p>
      <button type="button" onClick={() => login(loginOptions)} disabled={!ready}>
        Log in
      </button>
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
    </div>
  )
}

/**
 * Renders `FoyerProvider` (with a core client over the in-test server) around a host page, waits for
 * `ready`, and opens the modal with the host's Log in button. Pass the `storage` of an earlier render to
 * stand for a page reload (same browser storage, new client).
 *
 * @returns the user-event instance, the dialog element, the client, the recorded calls and the fake API
 */
export async function renderFoyerAndOpen(
  options: {
    routes?: TestRoutes
    config?: FoyerConfig
    strict?: boolean
    storage?: FoyerStorage
    /** Settings on top of the fake API's app config (`testAppConfig`). */
    appConfig?: Partial<AppConfig>
    /** What the host's Log in button passes to `login` (e.g. `{ disableSignup: true }`). */
    loginOptions?: FoyerLoginOptions
    /** The provider's `nonce` (the page's Content-Security-Policy nonce). */
    nonce?: string
  } = {},
) {
  const { client, calls, api } = createTestClient(options.routes, {
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.appConfig ? { appConfig: options.appConfig } : {}),
  })
  const user = userEvent.setup()
  const tree = (
    <FoyerProvider
      appId={TEST_APP_ID}
      apiUrl="http://foyer.test"
      client={client}
      {...(options.config ? { config: options.config } : {})}
      {...(options.nonce ? { nonce: options.nonce } : {})}
    >
      <Host loginOptions={options.loginOptions} />
    </FoyerProvider>
  )
  // `strict`: React's StrictMode, as host apps run in development (effects mount, unmount and mount again).
  const result = render(options.strict ? <StrictMode>{tree}</StrictMode> : tree)
  const trigger = screen.getByRole('button', { name: 'Log in' })
  await waitFor(() => expect(trigger.hasAttribute('disabled')).toBe(false))
  await user.click(trigger)
  const dialog = await screen.findByRole('dialog')
  return { user, dialog, client, calls, api, trigger, ...result }
}

/** Types `email` into the landing's email field and presses Enter, then waits for the code screen. */
export async function submitEmail(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await user.type(screen.getByPlaceholderText('your@email.com'), `${email}{Enter}`)
  await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
  return screen.getByRole('heading', { name: 'Enter confirmation code' })
}

/**
 * Moves `Date.now` 31 s ahead, past the code screen's resend cooldown (docs/limits.md: 30 s), and waits for
 * the enabled 'Resend code' button (the countdown ticks each second). Undo with `vi.restoreAllMocks()`.
 */
export async function passResendCooldown(): Promise<HTMLElement> {
  const realNow = Date.now.bind(Date)
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 31_000)
  return screen.findByRole('button', { name: 'Resend code' }, { timeout: 2500 })
}
