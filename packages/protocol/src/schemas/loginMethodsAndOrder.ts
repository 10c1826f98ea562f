import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { oauthProviders } from '../constants/oauth'

/** A login method of the landing (docs/app-config.md#login-methods-and-order). */
export const landingLoginMethodSchema = z.enum([
  'email',
  'sms',
  'wallet',
  'passkey',
  'telegram',
  'farcaster',
  ...oauthProviders,
])
export type LandingLoginMethod = z.infer<typeof landingLoginMethodSchema>

/**
 * The landing's order set by the operator (docs/app-config.md#login-methods-and-order): `primary` in order,
 * then `overflow` behind 'More options'; a method appears at most once. A host's own `loginMethodsAndOrder`
 * takes precedence.
 */
export const loginMethodsAndOrderSchema = z
  .object({
    primary: z.array(landingLoginMethodSchema).max(16),
    overflow: z.array(landingLoginMethodSchema).max(16),
  })
  .refine(
    (order) =>
      new Set([...order.primary, ...order.overflow]).size === order.primary.length + order.overflow.length,
    { message: 'A login method appears at most once', path: ['overflow'] },
  )
export type LoginMethodsAndOrder = z.infer<typeof loginMethodsAndOrderSchema>
