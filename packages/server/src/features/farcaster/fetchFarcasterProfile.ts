import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { FarcasterDetails } from './account'
import type { FarcasterSettings } from './settings'

/** A Farcaster profile as stored with the account (docs/linked-accounts.md#account-shapes names). */
export type FarcasterProfile = Omit<FarcasterDetails, 'owner_address' | 'signer_public_key'>

/** Snapchain `userDataBody.type` → the profile field it fills. */
const fieldOfType: Record<string, keyof FarcasterProfile> = {
  USER_DATA_TYPE_PFP: 'profile_picture_url',
  USER_DATA_TYPE_DISPLAY: 'display_name',
  USER_DATA_TYPE_BIO: 'bio',
  USER_DATA_TYPE_URL: 'homepage_url',
  USER_DATA_TYPE_USERNAME: 'username',
}

/** The page of `GET /v1/userDataByFid` (Snapchain HTTP API); unknown fields are ignored. */
const userDataPageSchema = z.object({
  messages: z.array(
    z.object({
      data: z.object({
        fid: z.number().optional(),
        userDataBody: z.object({ type: z.string(), value: z.string().max(1024) }).optional(),
      }),
    }),
  ),
})

/**
 * The profile of `fid` (username, display name, bio, picture URL, homepage URL) from the user-data API at
 * `settings.userDataUrl` (`GET /v1/userDataByFid?fid=<fid>`, Snapchain HTTP API; `x-api-key` when
 * configured). Best effort: a profile is decoration, so a failing, slow or malformed answer is logged and
 * gives `{}` — the sign-in itself rests on the signature and the Id Registry.
 *
 * @example await fetchFarcasterProfile(context.farcaster, 3, log) // { username: 'dwr', display_name: 'Dan', … }
 */
export async function fetchFarcasterProfile(
  settings: FarcasterSettings,
  fid: number,
  log: FastifyBaseLogger,
): Promise<FarcasterProfile> {
  try {
    const response = await fetch(`${settings.userDataUrl}/v1/userDataByFid?fid=${fid}`, {
      headers: {
        accept: 'application/json',
        ...(settings.userDataApiKey ? { 'x-api-key': settings.userDataApiKey } : {}),
      },
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
    if (!response.ok) throw new Error(`user-data API answered ${response.status}`)
    const page = userDataPageSchema.parse(await response.json())
    const profile: FarcasterProfile = {}
    for (const { data } of page.messages) {
      const field = data.userDataBody ? fieldOfType[data.userDataBody.type] : undefined
      if (field && data.userDataBody && (data.fid === undefined || data.fid === fid))
        profile[field] = data.userDataBody.value
    }
    return profile
  } catch (error) {
    log.warn(
      { fid, err: error instanceof Error ? error.message : String(error) },
      'Farcaster profile unavailable',
    )
    return {}
  }
}
