import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/** `POST /api/v1/analytics_events` (docs/api.md). Never retried; failures are swallowed by the client. */
export const analyticsEventRequestSchema = z.object({
  event_name: z.string().min(1).max(128),
  client_id: z.string().max(128).nullish(),
  payload: z.record(z.string(), z.unknown()).optional(),
})
export type AnalyticsEventRequest = z.infer<typeof analyticsEventRequestSchema>
