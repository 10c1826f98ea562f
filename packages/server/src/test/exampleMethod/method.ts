/**
 * The example method's factory (docs/adding-a-sign-in-method.md, step 2; docs/plugins.md): sign-in with an
 * invite code the host hands each member.
 */
import type { SignInMethod } from '../../FoyerPlugin'
import { METHOD_RATE_LIMIT } from '../../http/resolveRateLimits'
import { inviteAccountKind } from './account'
import { type InviteCodeSettings, inviteCodeHash, inviteCodeRoutes } from './routes'

/** The example's options: each member's invite code, by member (`{ ada: 'ada-invite-1' }`). */
export type InviteCodeOptions = { codes: Readonly<Record<string, string>> }

/**
 * The members by code hash; throws `Error` for a member outside `a-z 0-9 _ -` (1–64), a code outside 8–64
 * printable ASCII characters, or a code given to two members.
 */
export function resolveInviteCodeOptions(options: InviteCodeOptions): InviteCodeSettings {
  const membersByCodeHash = new Map<string, string>()
  for (const [member, code] of Object.entries(options.codes)) {
    if (!/^[a-z0-9_-]{1,64}$/.test(member)) throw new Error(`inviteCode: invalid member ${member}`)
    if (!/^[\x21-\x7e]{8,64}$/.test(code)) throw new Error(`inviteCode: invalid code of ${member}`)
    const hash = inviteCodeHash(code)
    if (membersByCodeHash.has(hash)) throw new Error(`inviteCode: the code of ${member} is not unique`)
    membersByCodeHash.set(hash, member)
  }
  return { membersByCodeHash }
}

/**
 * Invite codes (`/api/v1/invite_code/*`): `createApp({ methods: [...defaultMethods(), inviteCode({ codes })] })`.
 * Invalid options make `createApp` throw `Error`.
 */
export function inviteCode(options: InviteCodeOptions) {
  return {
    id: 'invite_code',
    options,
    accounts: [inviteAccountKind],
    routes: async (app, { context }) =>
      inviteCodeRoutes(app, { context: { ...context, inviteCode: resolveInviteCodeOptions(options) } }),
    rateLimits: { inviteCode: METHOD_RATE_LIMIT },
    errorCodes: ['invalid_credentials'],
    settings: [],
  } as const satisfies SignInMethod<'invite_code', InviteCodeOptions>
}
