import '../zod/jitlessInBrowsers'
import { z } from 'zod'
import { errorCodes } from './errorCodes'

/**
 * Body of every answer with HTTP status ≥ 400: `{ error, code, data? }` (docs/api.md).
 * `data` carries structured details for some codes (e.g. `account_transfer_required` → `{ nonce, account }`).
 */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.enum(errorCodes),
  data: z.record(z.string(), z.unknown()).optional(),
})

export type ErrorResponse = z.infer<typeof errorResponseSchema>
