import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/** A guest credential: 32 random bytes, base64url without padding (43 characters; docs/wire.md). */
export const guestCredentialSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid guest credential')

/** `POST /api/v1/guest/authenticate`: sign in as the guest of `guest_credential` (docs/api.md). */
export const guestAuthenticateRequestSchema = z.object({ guest_credential: guestCredentialSchema })
export type GuestAuthenticateRequest = z.infer<typeof guestAuthenticateRequestSchema>
