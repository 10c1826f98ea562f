import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { oauthProviders } from '../constants/oauth'
import { linkedAccountTimes } from './common'

// Defined beside the other OAuth constants, free of zod, so the browser's initial bundle can use them.
export {
  isOAuthProvider,
  type OAuthAccountType,
  type OAuthProvider,
  oauthAccountType,
  oauthProviders,
} from '../constants/oauth'

/**
 * Linked-account shapes of the OAuth providers (docs/linked-accounts.md#account-shapes); `subject` is the
 * provider's user id.
 */
export const googleOAuthAccountSchema = z.object({
  type: z.literal('google_oauth'),
  subject: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  ...linkedAccountTimes,
})
export const twitterOAuthAccountSchema = z.object({
  type: z.literal('twitter_oauth'),
  subject: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  ...linkedAccountTimes,
})
export const discordOAuthAccountSchema = z.object({
  type: z.literal('discord_oauth'),
  subject: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  ...linkedAccountTimes,
})
export const githubOAuthAccountSchema = z.object({
  type: z.literal('github_oauth'),
  subject: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  ...linkedAccountTimes,
})
export const spotifyOAuthAccountSchema = z.object({
  type: z.literal('spotify_oauth'),
  subject: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  ...linkedAccountTimes,
})
export const instagramOAuthAccountSchema = z.object({
  type: z.literal('instagram_oauth'),
  subject: z.string(),
  username: z.string().nullable(),
  ...linkedAccountTimes,
})
export const tiktokOAuthAccountSchema = z.object({
  type: z.literal('tiktok_oauth'),
  subject: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  ...linkedAccountTimes,
})
export const linkedinOAuthAccountSchema = z.object({
  type: z.literal('linkedin_oauth'),
  subject: z.string(),
  email: z.string().nullable(),
  name: z.string().optional(),
  vanity_name: z.string().optional(),
  ...linkedAccountTimes,
})
export const appleOAuthAccountSchema = z.object({
  type: z.literal('apple_oauth'),
  subject: z.string(),
  email: z.string().nullable(),
  ...linkedAccountTimes,
})

/** The OAuth members of the linked-account union, one per provider. */
export const oauthAccountSchemas = [
  googleOAuthAccountSchema,
  twitterOAuthAccountSchema,
  discordOAuthAccountSchema,
  githubOAuthAccountSchema,
  spotifyOAuthAccountSchema,
  instagramOAuthAccountSchema,
  tiktokOAuthAccountSchema,
  linkedinOAuthAccountSchema,
  appleOAuthAccountSchema,
] as const
/** A linked account of any OAuth provider. */
export type OAuthAccount = z.infer<(typeof oauthAccountSchemas)[number]>

/** One of the OAuth providers' schema (`'google'` …). */
export const oauthProviderSchema = z.enum(oauthProviders)
