import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { appIdSchema } from './common'

/** Path parameters of `GET /api/v1/apps/{appId}` and its sub-resources. */
export const appPathParamsSchema = z.object({ appId: appIdSchema })

/** `GET /api/v1/apps/{appId}/jwks.json`: the app's ES256 public keys (RFC 7517), `kid` = RFC 7638 thumbprint. */
export const jwksResponseSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.string(),
      crv: z.string(),
      x: z.string(),
      y: z.string(),
      kid: z.string(),
      alg: z.string(),
      use: z.string(),
    }),
  ),
})
export type JwksResponse = z.infer<typeof jwksResponseSchema>
