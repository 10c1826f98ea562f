import { type AppConfig, defaultAppSettings } from '@foyer/protocol'
import { describe, expect, test } from 'vitest'
import { ALL_OAUTH_SETTINGS } from '../../../../test/createTestClient'
import { type LandingEntry, type LandingHostConfig, landingModel, MAX_LANDING_ENTRIES } from './landingModel'

// The public config has no `telegram_auth_config` until the app's bot is configured.
const { telegram_auth_config: _unconfiguredTelegram, ...defaultConfig } = defaultAppSettings
const app = (settings: Partial<AppConfig> = {}) => ({ ...defaultConfig, ...settings })

/** Entries as short names: the method, `oauth:google`, or `→view(label)` for a group entry. */
const names = (entries: readonly LandingEntry[] | undefined) =>
  entries?.map((entry) =>
    entry.kind === 'method'
      ? entry.method
      : entry.kind === 'wallets'
        ? `wallets×${entry.slots}`
        : `→${entry.view}(${entry.label})`,
  )

const layout = (settings: Partial<AppConfig>, host?: LandingHostConfig) => {
  const model = landingModel(app(settings), host)
  return {
    layout: model.layout,
    default: names(model.views.default),
    overflow: names(model.views.overflow),
    web2: names(model.views['web2-overflow']),
    passkeyLink: model.passkeyLink,
  }
}

describe('landingModel', () => {
  test('cross-app: a privy:<appId> entry shows only where the host lists it', () => {
    const provider = 'privy:foyerdemoprovider00000000' as const
    expect(layout({}).default).toEqual(['email'])
    expect(layout({}, { loginMethods: ['email', provider] }).default).toEqual(['email', provider])
    expect(
      layout({}, { loginMethodsAndOrder: { primary: [provider], overflow: ['email'] } }).default,
    ).toEqual([provider, '→overflow(moreOptions)'])
    // A bare prefix names no app.
    expect(layout({}, { loginMethods: ['email', 'privy:'] }).default).toEqual(['email'])
  })

  test('default: a new app shows the email form only', () => {
    expect(layout({})).toEqual({
      layout: 'standard',
      default: ['email'],
      overflow: undefined,
      web2: undefined,
      passkeyLink: false,
    })
  })

  test('default: while the app config loads, the email form shows', () => {
    expect(names(landingModel(undefined, undefined).views.default)).toEqual(['email'])
  })

  test('standard: five entries show without an overflow entry', () => {
    expect(
      layout({ sms_auth: true, google_oauth: true, github_oauth: true, apple_oauth: true }).default,
    ).toEqual(['email', 'sms', 'oauth:google', 'oauth:github', 'oauth:apple'])
  })

  test('cap: more than five show the first 4 and More options; the overflow view lists the rest in order', () => {
    const result = layout({ sms_auth: true, ...ALL_OAUTH_SETTINGS })
    expect(result.default).toEqual([
      'email',
      'sms',
      'oauth:google',
      'oauth:twitter',
      '→overflow(moreOptions)',
    ])
    expect(result.default).toHaveLength(MAX_LANDING_ENTRIES)
    expect(result.overflow).toEqual([
      'oauth:discord',
      'oauth:github',
      'oauth:spotify',
      'oauth:instagram',
      'oauth:tiktok',
      'oauth:linkedin',
      'oauth:apple',
    ])
  })

  test('passkey: the link under the default view, not one of the 5 entries', () => {
    const result = layout({
      passkey_auth: true,
      sms_auth: true,
      google_oauth: true,
      github_oauth: true,
      apple_oauth: true,
    })
    expect(result.default).toEqual(['email', 'sms', 'oauth:google', 'oauth:github', 'oauth:apple'])
    expect(result.passkeyLink).toBe(true)
  })

  test('loginMethods: hides methods and gives the order; it cannot turn on a method the app has off', () => {
    const result = layout(
      { sms_auth: true, google_oauth: true, passkey_auth: true },
      { loginMethods: ['google', 'email', 'apple'] },
    )
    expect(result.default).toEqual(['oauth:google', 'email'])
    expect(result.passkeyLink).toBe(false)
  })

  test('ordered: primary gives the default view in order, overflow the view behind More options', () => {
    const result = layout(
      { sms_auth: true, wallet_auth: true, passkey_auth: true, ...ALL_OAUTH_SETTINGS },
      { loginMethodsAndOrder: { primary: ['google', 'wallet', 'email'], overflow: ['passkey', 'github'] } },
    )
    expect(result).toEqual({
      layout: 'ordered',
      default: ['oauth:google', 'wallet', 'email', '→overflow(moreOptions)'],
      overflow: ['passkey', 'oauth:github'],
      web2: undefined,
      passkeyLink: false,
    })
  })

  test("ordered: the app's login_methods_and_order lays out the landing unless the host gives its own", () => {
    const settings = {
      sms_auth: true,
      google_oauth: true,
      login_methods_and_order: { primary: ['sms', 'google'], overflow: ['email'] },
    } satisfies Partial<AppConfig>
    expect(layout(settings)).toMatchObject({
      layout: 'ordered',
      default: ['sms', 'oauth:google', '→overflow(moreOptions)'],
      overflow: ['email'],
    })
    expect(layout(settings, { loginMethodsAndOrder: { primary: ['email'] } })).toMatchObject({
      layout: 'ordered',
      default: ['email'],
    })
  })

  test('ordered: no overflow and at most 5 primary methods show them all; unlisted methods do not show', () => {
    const result = layout(
      { sms_auth: true, wallet_auth: true, passkey_auth: true, ...ALL_OAUTH_SETTINGS },
      { loginMethodsAndOrder: { primary: ['apple', 'sms', 'email', 'discord', 'wallet'] } },
    )
    expect(result.default).toEqual(['oauth:apple', 'sms', 'email', 'oauth:discord', 'wallet'])
    expect(result.overflow).toBeUndefined()
    expect(result.passkeyLink).toBe(false)
  })

  test('ordered: more than 5 primary methods keep 4 and move the rest ahead of the overflow', () => {
    const result = layout(
      { ...ALL_OAUTH_SETTINGS },
      {
        loginMethodsAndOrder: {
          primary: ['google', 'apple', 'github', 'discord', 'twitter', 'spotify'],
          overflow: ['tiktok'],
        },
      },
    )
    expect(result.default).toEqual([
      'oauth:google',
      'oauth:apple',
      'oauth:github',
      'oauth:discord',
      '→overflow(moreOptions)',
    ])
    expect(result.overflow).toEqual(['oauth:twitter', 'oauth:spotify', 'oauth:tiktok'])
  })

  test('ordered: methods the app has off or loginMethods omits are dropped, duplicates once', () => {
    const result = layout(
      { google_oauth: true },
      {
        loginMethods: ['email', 'google'],
        loginMethodsAndOrder: {
          primary: ['sms', 'google', 'google'],
          overflow: ['google', 'passkey', 'email'],
        },
      },
    )
    expect(result.default).toEqual(['oauth:google', '→overflow(moreOptions)'])
    expect(result.overflow).toEqual(['email'])
  })

  test('web2-first: web2 methods then Continue with a wallet when they fit', () => {
    const result = layout({ wallet_auth: true, google_oauth: true, passkey_auth: true })
    expect(result).toEqual({
      layout: 'web2-first',
      default: ['email', 'oauth:google', 'wallet'],
      overflow: undefined,
      web2: undefined,
      passkeyLink: true,
    })
  })

  test("web2-first: 3 web2 methods, 'Other socials' and the wallet when they do not fit", () => {
    const result = layout({ wallet_auth: true, sms_auth: true, ...ALL_OAUTH_SETTINGS })
    expect(result.layout).toBe('web2-first')
    expect(result.default).toEqual(['email', 'sms', 'oauth:google', '→web2-overflow(otherSocials)', 'wallet'])
    expect(result.web2).toEqual([
      'oauth:twitter',
      'oauth:discord',
      'oauth:github',
      'oauth:spotify',
      'oauth:instagram',
      'oauth:tiktok',
      'oauth:linkedin',
      'oauth:apple',
    ])
  })

  test('web3-first: show_wallet_login_first puts 4 wallet entries first, then the one web2 method', () => {
    const result = layout({ show_wallet_login_first: true, solana_wallet_auth: true })
    expect(result.layout).toBe('web3-first')
    expect(result.default).toEqual(['wallets×4', 'email'])
  })

  test("web3-first: several web2 methods go behind 'Log in with email or socials'", () => {
    const result = layout({
      show_wallet_login_first: true,
      wallet_auth: true,
      sms_auth: true,
      ...ALL_OAUTH_SETTINGS,
    })
    expect(result.default).toEqual(['wallets×4', '→web2-overflow(emailOrSocials)'])
    expect(result.web2).toHaveLength(11)
    expect(result.web2?.slice(0, 3)).toEqual(['email', 'sms', 'oauth:google'])
  })

  test('loginGroupPriority: overrides show_wallet_login_first both ways', () => {
    expect(
      layout(
        { show_wallet_login_first: true, wallet_auth: true },
        { appearance: { loginGroupPriority: 'web2-first' } },
      ).default,
    ).toEqual(['email', 'wallet'])
    expect(
      layout({ wallet_auth: true }, { appearance: { loginGroupPriority: 'web3-first' } }).default,
    ).toEqual(['wallets×4', 'email'])
  })

  test('alternative landing: not used when the app has only wallets, or a primary order is configured', () => {
    expect(layout({ email_auth: false, wallet_auth: true }).layout).toBe('standard')
    expect(
      layout(
        { wallet_auth: true, show_wallet_login_first: true },
        { loginMethodsAndOrder: { primary: ['email', 'wallet'] } },
      ),
    ).toMatchObject({ layout: 'ordered', default: ['email', 'wallet'] })
  })

  test('hideDirectWeb2Inputs: the forms become entries opening their own view', () => {
    const model = landingModel(app({ sms_auth: true, google_oauth: true }), {
      appearance: { hideDirectWeb2Inputs: true },
    })
    expect(names(model.views.default)).toEqual([
      '→email(continueWithEmail)',
      '→sms(continueWithPhone)',
      'oauth:google',
    ])
    expect(names(model.views.email)).toEqual(['email'])
    expect(names(model.views.sms)).toEqual(['sms'])
  })

  test('telegram: after the OAuth providers, before the wallet; only with a bot name', () => {
    const bot = { bot_id: '1', bot_name: 'foyer_bot', link_enabled: false, seamless_auth_enabled: false }
    expect(
      layout({ telegram_auth: true, telegram_auth_config: bot, github_oauth: true, email_auth: false })
        .default,
    ).toEqual(['oauth:github', 'telegram'])
    expect(
      layout({ telegram_auth: true, telegram_auth_config: bot, wallet_auth: true, email_auth: true }).default,
    ).toEqual(['email', 'telegram', 'wallet'])
    expect(layout({ telegram_auth: true, email_auth: true }).default).toEqual(['email'])
    expect(
      layout({ telegram_auth: true, telegram_auth_config: bot }, { loginMethods: ['email'] }).default,
    ).toEqual(['email'])
  })

  test('walletChainType: narrows the wallet entry to the chains the app has on', () => {
    expect(layout({ wallet_auth: true }, { appearance: { walletChainType: 'solana-only' } }).default).toEqual(
      ['email'],
    )
    expect(
      layout(
        { wallet_auth: true, solana_wallet_auth: true },
        { appearance: { walletChainType: 'solana-only' } },
      ).default,
    ).toEqual(['email', 'wallet'])
    expect(
      layout({ solana_wallet_auth: true }, { appearance: { walletChainType: 'ethereum-only' } }).layout,
    ).toBe('standard')
  })
})

describe('landingModel: Farcaster', () => {
  test('default: shown when the app has farcaster_auth, after the OAuth providers and before the wallet', () => {
    expect(layout({ farcaster_auth: true, github_oauth: true }).default).toEqual([
      'email',
      'oauth:github',
      'farcaster',
    ])
    expect(layout({ farcaster_auth: false }).default).toEqual(['email'])
    expect(layout({ farcaster_auth: true, wallet_auth: true }).default).toEqual([
      'email',
      'farcaster',
      'wallet',
    ])
  })

  test('behavior: loginMethods can hide it or move it first', () => {
    expect(layout({ farcaster_auth: true }, { loginMethods: ['email'] }).default).toEqual(['email'])
    expect(layout({ farcaster_auth: true }, { loginMethods: ['farcaster', 'email'] }).default).toEqual([
      'farcaster',
      'email',
    ])
  })
})
