import { z } from 'zod'

/** What the server writes into the frame page (`<script id="foyer-frame-config" type="application/json">`). */
export const frameConfigSchema = z.object({
  appId: z.string().length(25),
  allowedOrigins: z.array(z.string()),
  /** The Google Drive API base URL (Google Drive recovery); absent: `https://www.googleapis.com`. */
  googleDriveApiUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** The CloudKit Web Services base URL (iCloud recovery); absent: `https://api.apple-cloudkit.com`. */
  cloudKitApiUrl: z.url({ protocol: /^https?$/ }).optional(),
})
export type FrameConfig = z.infer<typeof frameConfigSchema> & {
  clientId: string | null
  analyticsId: string | null
}

/**
 * Reads the page config the server embedded plus the `client_id` / `caid` query fields (docs/modal.md).
 * Throws `Error('Invalid frame config')` when the config block is missing or malformed.
 */
export function readFrameConfig(document: Document, location: Location): FrameConfig {
  const element = document.getElementById('foyer-frame-config')
  let raw: unknown
  try {
    raw = JSON.parse(element?.textContent ?? '')
  } catch {
    throw new Error('Invalid frame config')
  }
  const parsed = frameConfigSchema.safeParse(raw)
  if (!parsed.success) throw new Error('Invalid frame config')
  const query = new URLSearchParams(location.search)
  return { ...parsed.data, clientId: query.get('client_id'), analyticsId: query.get('caid') }
}
