import '../zod/jitlessInBrowsers'
import { z } from 'zod'

/** A UTC calendar day, `YYYY-MM-DD`. */
const daySchema = z.iso.date()

/** The longest range `GET /api/v1/console/usage` answers, in days (both ends included). */
export const CONSOLE_USAGE_MAX_DAYS = 366

/**
 * `GET /api/v1/console/usage` (and `.csv`) query (docs/console.md#usage): the UTC days `from`–`to`, both
 * included (`from` ≤ `to`, at most {@link CONSOLE_USAGE_MAX_DAYS} days), optionally of one app (`app_id`).
 */
export const consoleUsageQuerySchema = z
  .strictObject({
    from: daySchema,
    to: daySchema,
    app_id: z.string().min(1).max(25).optional(),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['to'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < CONSOLE_USAGE_MAX_DAYS, {
    message: `the range must not exceed ${CONSOLE_USAGE_MAX_DAYS} days`,
    path: ['to'],
  })
export type ConsoleUsageQuery = z.infer<typeof consoleUsageQuerySchema>

/** Counts per sign-in method (`email`, `sms`, `google`, …). */
const countsByMethodSchema = z.record(z.string(), z.number().int().nonnegative())

/** One sign-in method's funnel on one day: logins started, completed and failed, and the failures' codes. */
export const consoleUsageFunnelSchema = z.object({
  method: z.string(),
  started: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** The failures' error codes (docs/errors.md), most frequent first, at most five. */
  top_errors: z.array(z.object({ code: z.string(), count: z.number().int().nonnegative() })),
})
export type ConsoleUsageFunnel = z.infer<typeof consoleUsageFunnelSchema>

/** One UTC day of usage; every day of the range has one, zeros included. */
export const consoleUsageDaySchema = z.object({
  day: daySchema,
  /** Completed sign-ins per method. */
  sign_ins: countsByMethodSchema,
  /** Completed sign-ins that created the user. */
  sign_ups: z.number().int().nonnegative(),
  /** Completed sign-ins of existing users. */
  returning: z.number().int().nonnegative(),
  funnel: z.array(consoleUsageFunnelSchema),
  wallets_created: z.number().int().nonnegative(),
  funding_started: z.number().int().nonnegative(),
  funding_completed: z.number().int().nonnegative(),
})
export type ConsoleUsageDay = z.infer<typeof consoleUsageDaySchema>

/** `GET /api/v1/console/usage` → the range's days, oldest first, and the methods seen in it (sorted). */
export const consoleUsageSchema = z.object({
  from: daySchema,
  to: daySchema,
  app_id: z.string().nullable(),
  methods: z.array(z.string()),
  days: z.array(consoleUsageDaySchema),
})
export type ConsoleUsage = z.infer<typeof consoleUsageSchema>
