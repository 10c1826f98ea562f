import { defaultAppSettings } from '@foyer/protocol'
import { type ConsoleAppDetail, MASKED_SECRET } from '@foyer/protocol/console'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ConsoleApiContext } from '../../api/ConsoleApiContext'
import { ConsoleApiError } from '../../api/ConsoleApiError'
import type { ConsoleApi } from '../../api/consoleApi'
import { AppEditor } from './AppEditor'

afterEach(cleanup)
// The preview's module loads lazily in the page; load it once up front, so a busy machine's first import does
// not count against the waits below.
beforeAll(() => import('@foyer/react/preview'), 30_000)

const APP_ID = 'consoleeditortest00000000'
const detail = (settings: Record<string, unknown> = {}): ConsoleAppDetail => ({
  id: APP_ID,
  name: 'Shop',
  allowed_origins: ['https://shop.example'],
  created_at: 1,
  updated_at: 1,
  settings: { ...defaultAppSettings, captcha_secret_key: MASKED_SECRET, ...settings },
  signing_keys: [{ kid: 'kid-1', verify_until: null }],
})

/** A console API answering the editor's calls: `patch` decides each PATCH's answer; bodies are kept. */
function fakeApi(patch: (body: Record<string, unknown>) => ConsoleAppDetail) {
  const sent: { method: string; path: string; body: unknown }[] = []
  const api: ConsoleApi = {
    get: async (path, schema) => schema.parse(path.endsWith('/secrets') ? { secrets: [] } : detail()),
    send: async (method, path, body, schema) => {
      sent.push({ method, path, body })
      return schema.parse(patch(body as Record<string, unknown>))
    },
    getText: async () => '',
  }
  return { api, sent }
}

function renderEditor(api: ConsoleApi) {
  return render(
    <ConsoleApiContext.Provider value={{ api, operator: { userId: 'u', email: 'ops@example.com' } }}>
      <AppEditor appId={APP_ID} />
    </ConsoleApiContext.Provider>,
  )
}

describe('AppEditor', () => {
  test('turning on SMS and Google and reordering them with buttons updates the live preview, then saves', async () => {
    const { api, sent } = fakeApi((body) => detail(body.settings as Record<string, unknown>))
    const user = userEvent.setup()
    renderEditor(api)
    await user.click(await screen.findByRole('checkbox', { name: 'SMS' }))
    await user.click(screen.getByRole('checkbox', { name: 'Google' }))
    await user.click(screen.getByRole('button', { name: 'Set an order' }))
    const primary = screen.getByRole('list', { name: 'Primary (on the landing)' })
    expect(
      within(primary)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Email', 'SMS', 'Google'])
    await user.click(screen.getByRole('button', { name: 'Move Google up' }))
    await user.click(screen.getByRole('button', { name: 'Move Google up' }))
    await user.click(screen.getByRole('button', { name: 'Move Email to overflow' }))

    // The preview is the modal's landing: Google first, then the phone form, then 'More options'.
    const preview = await screen.findByTestId('landing-preview')
    const google = await within(preview).findByRole('button', { name: /Google/, hidden: true })
    const phone = await within(preview).findByRole('textbox', { name: 'Phone number', hidden: true })
    expect(google.compareDocumentPosition(phone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(preview).getByRole('button', { name: 'More options', hidden: true })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'))
    const body = sent[0]?.body as { settings: Record<string, unknown> }
    expect(sent[0]).toMatchObject({ method: 'PATCH', path: `/api/v1/console/apps/${APP_ID}` })
    expect(body.settings).toMatchObject({
      sms_auth: true,
      google_oauth: true,
      login_methods_and_order: { primary: ['google', 'sms'], overflow: ['email'] },
      // The secret goes back masked: the server keeps it.
      captcha_secret_key: MASKED_SECRET,
    })
  })

  test("the server's field errors show beside their fields; a secret is never shown, only replaced", async () => {
    const { api, sent } = fakeApi(() => {
      throw new ConsoleApiError({
        status: 400,
        code: 'invalid_data',
        serverMessage: 'Some fields of the app are not valid',
        data: {
          fields: [
            { path: ['allowed_origins', 0], code: 'invalid_origin', message: 'Invalid origin ftp://x' },
            { path: ['settings', 'accent_color'], code: 'invalid_type', message: 'Expected a colour' },
          ],
        },
      })
    })
    const user = userEvent.setup()
    renderEditor(api)
    const secret = (await screen.findByLabelText('Turnstile secret key')) as HTMLInputElement
    expect(secret.value).toBe('')
    expect(secret.type).toBe('password')
    await user.type(secret, 'new-secret')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    const accent = await screen.findByRole('textbox', { name: 'Accent colour' })
    await waitFor(() => expect(accent.getAttribute('aria-invalid')).toBe('true'))
    const describedBy = accent.getAttribute('aria-describedby')?.split(' ') ?? []
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain('Expected a colour')
    const origins = screen.getByRole('textbox', { name: 'Allowed origins' })
    expect(origins.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toContain('2 field(s) need attention')
    expect(sent[0]?.body).toMatchObject({ settings: { captcha_secret_key: 'new-secret' } })
  })

  test('custom JWT, smart-wallet networks and delegated limits are forms; an OAuth client is removed with a button', async () => {
    const github = { client_id: 'gh', client_secret: MASKED_SECRET, scopes: [], apple: null }
    const stored = detail({ github_oauth: true, oauth: { clients: { github }, return_tokens: false } })
    const { api, sent } = fakeApi((body) => detail(body.settings as Record<string, unknown>))
    api.get = async (_path, schema) => schema.parse(stored)
    const user = userEvent.setup()
    renderEditor(api)

    await user.click(await screen.findByRole('checkbox', { name: "Accept the app's own JWTs" }))
    await user.type(screen.getByRole('textbox', { name: 'JWT issuer (iss)' }), 'https://shop.example')
    await user.type(screen.getByRole('textbox', { name: 'JWKS URL' }), 'https://shop.example/jwks.json')
    await user.click(screen.getByRole('checkbox', { name: 'ES256' }))
    await user.click(screen.getByRole('checkbox', { name: 'EdDSA' }))

    await user.click(screen.getByRole('button', { name: 'Add a network' }))
    await user.click(screen.getByRole('button', { name: 'Add a network' }))
    await user.type(screen.getByRole('textbox', { name: 'Network 1 chain' }), 'eip155:8453')
    await user.type(screen.getByRole('textbox', { name: 'Network 1 bundler URL' }), 'https://bundler.example')
    await user.type(screen.getByRole('textbox', { name: 'Network 1 paymaster policy id' }), 'sp_1')
    await user.click(screen.getByRole('button', { name: 'Remove network 2' }))
    await user.type(screen.getByRole('textbox', { name: 'Daily limit per wallet (wei)' }), '1000')

    await user.click(screen.getByRole('button', { name: 'Remove the GitHub client' }))
    expect(screen.getByRole('textbox', { name: 'GitHub client id' })).toHaveProperty('value', '')

    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    const { settings } = (sent[0] as { body: unknown }).body as {
      settings: Record<string, Record<string, unknown>>
    }
    expect(settings.custom_jwt_auth).toMatchObject({
      enabled: true,
      issuer: 'https://shop.example',
      jwks_url: 'https://shop.example/jwks.json',
      algorithms: ['RS256', 'EdDSA'],
    })
    expect(settings.smart_wallet_config?.configured_networks).toEqual([
      {
        chain_id: 'eip155:8453',
        bundler_url: 'https://bundler.example',
        paymaster_url: null,
        paymaster_context: { policy_id: 'sp_1' },
      },
    ])
    expect(settings.delegated_actions).toMatchObject({ daily_value_limit_wei: '1000' })
    expect(settings.oauth).toMatchObject({ clients: { github: null } })
  })

  test('a delegation policy is a form: rules and conditions with buttons; a refused value shows beside its field', async () => {
    let refuse = true
    const { api, sent } = fakeApi((body) => {
      if (refuse) {
        refuse = false
        throw new ConsoleApiError({
          status: 400,
          code: 'invalid_data',
          serverMessage: 'Some fields of the app are not valid',
          data: {
            fields: [
              {
                path: ['settings', 'delegated_actions', 'policy', 'rules', 0, 'conditions', 0, 'value'],
                code: 'custom',
                message: 'Expected an address: 0x and 40 hex digits',
              },
            ],
          },
        })
      }
      return detail(body.settings as Record<string, unknown>)
    })
    const user = userEvent.setup()
    renderEditor(api)
    expect(
      await screen.findByText('No Ethereum policy: delegation is off for Ethereum wallets.'),
    ).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add an Ethereum policy' }))
    await user.click(screen.getByRole('button', { name: 'Add an Ethereum rule' }))
    await user.click(screen.getByRole('button', { name: 'Add a condition to rule 1' }))
    await user.click(screen.getByRole('button', { name: 'Add a condition to rule 1' }))
    await user.click(screen.getByRole('button', { name: 'Add a condition to rule 1' }))
    await user.type(screen.getByRole('textbox', { name: 'Rule 1 condition 1 value' }), 'not an address')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule 1 condition 2 field' }), 'value')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule 1 condition 2 comparison' }), 'lte')
    await user.type(screen.getByRole('textbox', { name: 'Rule 1 condition 2 value' }), '1000')
    await user.click(screen.getByRole('button', { name: 'Remove rule 1 condition 3' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    const address = await screen.findByRole('textbox', { name: 'Rule 1 condition 1 value' })
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'))
    const describedBy = address.getAttribute('aria-describedby')?.split(' ') ?? []
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Expected an address: 0x and 40 hex digits',
    )
    // 'one of' takes a list, one per line.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule 1 condition 1 comparison' }), 'in')
    const list = screen.getByRole('textbox', { name: 'Rule 1 condition 1 values' })
    await user.clear(list)
    await user.type(list, `0x${'a'.repeat(40)}{Enter}0x${'b'.repeat(40)}`)
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    const { settings } = (sent[1] as { body: unknown }).body as {
      settings: Record<string, Record<string, unknown>>
    }
    expect(settings.delegated_actions?.policy).toEqual({
      version: '1.0',
      name: 'Ethereum delegation',
      chain_type: 'ethereum',
      rules: [
        {
          name: 'Rule 1',
          method: 'eth_sendTransaction',
          action: 'ALLOW',
          conditions: [
            {
              field_source: 'ethereum_transaction',
              field: 'to',
              operator: 'in',
              value: [`0x${'a'.repeat(40)}`, `0x${'b'.repeat(40)}`],
            },
            { field_source: 'ethereum_transaction', field: 'value', operator: 'lte', value: '1000' },
          ],
        },
      ],
    })
    expect(settings.delegated_actions?.solana_policy ?? null).toBeNull()
  })
})
