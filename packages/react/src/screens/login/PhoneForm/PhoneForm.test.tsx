import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  appConfigRoute,
  TEST_CODE,
  type TestRoutes,
  testAuthResponse,
} from '../../../../test/createTestClient'
import { passResendCooldown, renderFoyerAndOpen } from '../../../../test/renderFoyer'
import type { FoyerConfig } from '../../../FoyerProvider/FoyerConfig'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const smsRoutes = (overrides: TestRoutes = {}): TestRoutes => ({
  ...appConfigRoute({ sms_auth: true }),
  'POST /api/v1/passwordless_sms/init': () => ({ status: 200, body: { success: true } }),
  'POST /api/v1/passwordless_sms/authenticate': ({ body }) =>
    (body as { code: string }).code === TEST_CODE
      ? { status: 200, body: testAuthResponse({ is_new_user: true }) }
      : { status: 401, body: { error: 'Invalid code', code: 'invalid_credentials' } },
  ...overrides,
})

const open = (routes: TestRoutes = {}, config?: FoyerConfig) =>
  renderFoyerAndOpen({ routes: smsRoutes(routes), ...(config ? { config } : {}) })
const phoneField = () => screen.findByRole('textbox', { name: 'Phone number' }) as Promise<HTMLInputElement>
const countrySelect = () => screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement
const phoneSubmit = async () =>
  within((await phoneField()).closest('form') as HTMLElement).getByRole('button', {
    name: 'Submit',
  }) as HTMLButtonElement

describe('PhoneForm (landing)', () => {
  test('default: country dropdown on US (+1), email form above, Submit disabled', async () => {
    await open()
    const field = await phoneField()
    expect(field.type).toBe('tel')
    expect(countrySelect().value).toBe('US')
    expect(countrySelect().selectedOptions[0]?.textContent).toBe('US +1')
    expect(screen.getByRole('textbox', { name: 'Email address' })).toBeTruthy()
    expect(screen.getByText('or')).toBeTruthy()
    expect((await phoneSubmit()).disabled).toBe(true)
  })

  test('behavior: intl.defaultCountry picks the country; loginMethods can hide email', async () => {
    await open({}, { intl: { defaultCountry: 'gb' }, loginMethods: ['sms'] })
    await phoneField()
    expect(countrySelect().value).toBe('GB')
    expect(screen.queryByRole('textbox', { name: 'Email address' })).toBeNull()
  })

  test('behavior: formats as you type; Submit enabled once valid', async () => {
    const { user } = await open()
    const field = await phoneField()
    await user.type(field, '415555')
    expect((await phoneSubmit()).disabled).toBe(true)
    await user.type(field, '0100')
    expect(field.value).toBe('(415) 555-0100')
    expect((await phoneSubmit()).disabled).toBe(false)
  })

  test("behavior: pasting '+44 7400 123456' sets the dropdown to the pasted country", async () => {
    const { user } = await open()
    const field = await phoneField()
    field.focus()
    await user.paste('+44 7400 123456')
    expect(countrySelect().value).toBe('GB')
    expect(field.value).toBe('07400 123456')
    expect((await phoneSubmit()).disabled).toBe(false)
  })

  test('error: an invalid number keeps Submit disabled and says why once the field is left', async () => {
    const { user } = await open()
    const field = await phoneField()
    await user.type(field, '415555')
    expect(screen.queryByRole('alert')).toBeNull()
    await user.tab()
    const submit = await phoneSubmit()
    expect(submit.disabled).toBe(true)
    const reason = await screen.findByRole('alert')
    expect(reason.textContent).toBe('This number is too short for United States.')
    expect(submit.getAttribute('aria-describedby')).toBe(reason.id)
    await user.clear(field)
    await user.type(field, '1234567890{Enter}')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is not a valid number for United States.',
    )
  })

  test('behavior: changing the country clears the number', async () => {
    const { user } = await open()
    const field = await phoneField()
    await user.type(field, '4155550100')
    await user.selectOptions(countrySelect(), 'FR')
    expect(field.value).toBe('')
    expect(countrySelect().value).toBe('FR')
  })

  test('behavior: Enter submits the E.164 number; the code screen masks it; the code signs in', async () => {
    const { user, calls } = await open()
    await user.type(await phoneField(), '4155550100{Enter}')
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
    expect(calls.find((call) => call.path === '/api/v1/passwordless_sms/init')?.body).toEqual({
      phoneNumber: '+14155550100',
    })
    expect(screen.getByText(/Please check/).textContent).toBe(
      'Please check +•••••••0100 for a message and enter your code below.',
    )
    expect(screen.getByText("Didn't get a message?")).toBeTruthy()
    await user.keyboard(TEST_CODE)
    await waitFor(() =>
      expect(screen.getByTestId('host-status').textContent).toBe('signed in as did:foyer:user-1'),
    )
    expect(calls.find((call) => call.path === '/api/v1/passwordless_sms/authenticate')?.body).toEqual({
      phoneNumber: '+14155550100',
      code: TEST_CODE,
      mode: 'login-or-sign-up',
    })
  })

  test('behavior: Resend code texts a new code; Back keeps the number', async () => {
    const { user, calls } = await open()
    await user.type(await phoneField(), '4155550100{Enter}')
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
    await user.click(await passResendCooldown())
    expect(await screen.findByText('Code sent')).toBeTruthy()
    expect(calls.filter((call) => call.path === '/api/v1/passwordless_sms/init')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect((await phoneField()).value).toBe('(415) 555-0100')
  })

  test('error: a wrong code shows "Invalid or expired verification code"', async () => {
    const { user } = await open()
    await user.type(await phoneField(), '4155550100{Enter}')
    await screen.findByRole('textbox', { name: 'Digit 1 of 6' })
    await user.keyboard('000000')
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired verification code')
  })

  test('error: region_not_supported shows the region screen; "Try another method" goes back', async () => {
    const { user } = await open({
      'POST /api/v1/passwordless_sms/init': () => ({
        status: 400,
        body: { error: 'SMS authentication from this region is not available', code: 'region_not_supported' },
      }),
    })
    await user.selectOptions(countrySelect(), 'CI')
    await user.type(await phoneField(), '0700000000{Enter}')
    expect(await screen.findByRole('heading', { name: 'This region is not supported' })).toBeTruthy()
    expect(screen.getByText('SMS authentication from this region is not available')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try another method' }))
    expect(await screen.findByRole('heading', { name: 'Log in or sign up' })).toBeTruthy()
    expect(countrySelect().value).toBe('CI')
  })

  test('error: over 250 characters is too long', async () => {
    const { user } = await open()
    const field = await phoneField()
    field.focus()
    await user.paste('1'.repeat(251))
    expect((await screen.findByRole('alert')).textContent).toBe('Phone number is too long')
    expect((await phoneSubmit()).disabled).toBe(true)
  })
})
