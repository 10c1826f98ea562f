import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { appConfigRoute, testAuthResponse } from '../../../../test/createTestClient'
import { testPasskeyAssertion } from '../../../../test/passkeyAssertion'
import { renderFoyerAndOpen } from '../../../../test/renderFoyer'

// The browser's WebAuthn prompt is outside the machine: `@simplewebauthn/browser` is replaced by a stub.
const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}))
vi.mock('@simplewebauthn/browser', () => webauthn)

const passkeyRoutes = {
  ...appConfigRoute({ passkey_auth: true }),
  'POST /api/v1/passkeys/authenticate/init': () => ({
    status: 200,
    body: { relying_party: 'localhost', options: { challenge: 'Y2hhbGxlbmdl' } },
  }),
  'POST /api/v1/passkeys/authenticate': () => ({ status: 200, body: testAuthResponse() }),
}

beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', class {})
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

describe('AwaitingPasskey', () => {
  test("default: 'I have a passkey' signs in and shows 'Success!'", async () => {
    webauthn.startAuthentication.mockResolvedValue(testPasskeyAssertion)
    const { user, calls } = await renderFoyerAndOpen({ routes: passkeyRoutes })
    await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
    expect(await screen.findByText('Success!')).toBeTruthy()
    expect(calls.some((call) => call.path === '/api/v1/passkeys/authenticate')).toBe(true)
  })

  test('behavior: the waiting spinner is centred like the other waiting screens', async () => {
    webauthn.startAuthentication.mockReturnValue(new Promise(() => {}))
    const { user } = await renderFoyerAndOpen({ routes: passkeyRoutes })
    await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
    await screen.findByText('Follow the prompts from your browser or device to continue.')
    const spinner = document.querySelector('.foyer-spinner') as HTMLElement
    expect(spinner.dataset.size).toBe('large')
    expect(getComputedStyle(spinner.parentElement as HTMLElement).justifyContent).toBe('center')
  })

  test('behavior: no passkey link when the app has passkey_auth off', async () => {
    await renderFoyerAndOpen()
    expect(screen.queryByRole('button', { name: 'I have a passkey' })).toBeNull()
  })

  test("error: NotAllowedError shows 'Passkey request timed out or rejected by user.'", async () => {
    const rejected = new Error('not allowed')
    rejected.name = 'NotAllowedError'
    webauthn.startAuthentication.mockRejectedValue(rejected)
    const { user } = await renderFoyerAndOpen({ routes: passkeyRoutes })
    await user.click(screen.getByRole('button', { name: 'I have a passkey' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Passkey request timed out or rejected by user.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
