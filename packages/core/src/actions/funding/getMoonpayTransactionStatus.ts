/** A MoonPay purchase's status (docs/modal.md "Card on-ramp status"); `'pending'` also before it exists. */
export type MoonpayTransactionStatus =
  | 'pending'
  | 'completed'
  | 'waitingAuthorization'
  | 'failed'
  | 'serviceFailure'

/** Parameters of {@link getMoonpayTransactionStatus}. */
export type GetMoonpayTransactionStatusParameters = {
  /** MoonPay's API base (live or sandbox), e.g. `'https://api.moonpay.com'`. */
  apiUrl: string
  /** The app's publishable key (`pk_…`), as in the signed widget URL. */
  apiKey: string
  externalTransactionId: string
  fetch?: typeof fetch
  signal?: AbortSignal
}

const known = new Set<MoonpayTransactionStatus>([
  'completed',
  'waitingAuthorization',
  'failed',
  'serviceFailure',
])

/** What {@link getMoonpayTransactionStatus} throws (an action that calls others includes theirs). */
export type GetMoonpayTransactionStatusErrorType = Error

/**
 * Reads a purchase's status from MoonPay's own API (docs/api.md): `GET {apiUrl}/v1/transactions/ext/
 * {externalTransactionId}?apiKey=` answers a list whose first item has `status`. A 404 (the user has not
 * bought yet) and any status MoonPay reports while it works (`waitingPayment`…) are `'pending'`.
 *
 * @throws Error on any other HTTP error or a network failure (the caller counts these: docs/errors.md, 3
 * errors)
 * @example const status = await getMoonpayTransactionStatus({ apiUrl, apiKey, externalTransactionId })
 */
export async function getMoonpayTransactionStatus(
  parameters: GetMoonpayTransactionStatusParameters,
): Promise<MoonpayTransactionStatus> {
  const url = `${parameters.apiUrl.replace(/\/+$/, '')}/v1/transactions/ext/${encodeURIComponent(
    parameters.externalTransactionId,
  )}?apiKey=${encodeURIComponent(parameters.apiKey)}`
  const response = await (parameters.fetch ?? fetch)(url, {
    headers: { accept: 'application/json' },
    ...(parameters.signal ? { signal: parameters.signal } : {}),
  })
  if (response.status === 404) return 'pending'
  if (!response.ok) throw new Error(`MoonPay answered ${response.status}`)
  const body = (await response.json()) as Array<{ status?: unknown }> | unknown
  const status = Array.isArray(body) ? (body[0] as { status?: unknown } | undefined)?.status : undefined
  return known.has(status as MoonpayTransactionStatus) ? (status as MoonpayTransactionStatus) : 'pending'
}
