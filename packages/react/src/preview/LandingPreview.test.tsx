import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { testAppConfig } from '../../test/createTestClient'
import { LandingPreview } from './LandingPreview'

afterEach(cleanup)

describe('LandingPreview', () => {
  test("draws the real landing for the app's settings, in the operator's order, inert", async () => {
    const { container, rerender } = render(
      <LandingPreview
        appConfig={testAppConfig({
          sms_auth: true,
          google_oauth: true,
          login_methods_and_order: { primary: ['google', 'sms'], overflow: ['email'] },
        })}
      />,
    )
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Log in or sign up', hidden: true })).toBeTruthy(),
    )
    const google = screen.getByRole('button', { name: /Google/, hidden: true })
    // The phone form loads lazily, as in the modal.
    const phone = await screen.findByRole('textbox', { name: 'Phone number', hidden: true })
    expect(google.compareDocumentPosition(phone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByRole('button', { name: 'More options', hidden: true })).toBeTruthy()
    expect(container.querySelector('[inert]')).toBeTruthy()

    rerender(
      <LandingPreview
        appConfig={testAppConfig({
          sms_auth: true,
          google_oauth: true,
          login_methods_and_order: { primary: ['sms', 'google'], overflow: [] },
        })}
      />,
    )
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'More options', hidden: true })).toBeNull(),
    )
    const phoneNow = await screen.findByRole('textbox', { name: 'Phone number', hidden: true })
    const googleNow = screen.getByRole('button', { name: /Google/, hidden: true })
    expect(phoneNow.compareDocumentPosition(googleNow) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})
