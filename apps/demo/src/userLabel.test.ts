import type { User } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { testEmbeddedWallet } from '../../../packages/protocol/test/fakeApi'
import { userLabel } from './userLabel'

const times = { verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const embedded = testEmbeddedWallet({ address: '0x1111111111111111111111111111111111112222' })

function user(linked_accounts: User['linked_accounts'], is_guest = false): User {
  return {
    id: 'did:privy:cm0000000000000000000000',
    created_at: 1,
    linked_accounts,
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest,
  }
}

describe('userLabel', () => {
  test('default: an email address names the user before any other account', () => {
    const github = {
      type: 'github_oauth',
      subject: '7',
      username: 'ada',
      name: 'Ada',
      email: null,
      ...times,
    } as const
    expect(userLabel(user([embedded, github, { type: 'email', address: 'ada@example.com', ...times }]))).toBe(
      'ada@example.com',
    )
  })

  test('behavior: OAuth, Telegram and cross-app users are named by their account, not their DID', () => {
    const google = {
      type: 'google_oauth',
      subject: '1',
      email: 'ada@gmail.test',
      name: 'Ada',
      ...times,
    } as const
    expect(userLabel(user([embedded, google]))).toBe('ada@gmail.test (google)')
    const twitter = {
      type: 'twitter_oauth',
      subject: '2',
      username: 'ada',
      name: 'Ada',
      profile_picture_url: null,
      ...times,
    } as const
    expect(userLabel(user([twitter]))).toBe('@ada (twitter)')
    const telegram = {
      type: 'telegram',
      telegram_user_id: '42',
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: null,
      photo_url: null,
      ...times,
    } as const
    expect(userLabel(user([embedded, telegram]))).toBe('Ada Lovelace')
    const crossApp: User['linked_accounts'][number] = {
      type: 'cross_app',
      provider_app_id: 'foyerdemoprovider00000000',
      subject: 'did:privy:provider-user',
      embedded_wallets: [{ address: '0x9999999999999999999999999999999999998888' }],
      smart_wallets: [],
      ...times,
    }
    expect(userLabel(user([crossApp]))).toBe('0x9999…8888 (app foyerdemoprovider00000000)')
  })

  test('edge: a guest is named a guest, an embedded wallet alone names the user, nothing at all leaves the DID', () => {
    expect(userLabel(user([embedded], true))).toBe('Guest (did:privy:cm0000000000000000000000)')
    expect(userLabel(user([]))).toBe('did:privy:cm0000000000000000000000')
    expect(userLabel(user([embedded]))).toBe('0x1111…2222')
  })
})
