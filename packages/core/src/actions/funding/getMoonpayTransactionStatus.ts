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
 * A MoonPay purchase as its transaction lookup reports it: the status, and what the 'Fund account' screen
 * shows of it. A field MoonPay did not give (or gave in another type) is absent.
 */
export type MoonpayTransaction = {
  status: MoonpayTransactionStatus
  /** MoonPay's payment method: `'credit_debit_card'`, `'apple_pay'`, `'google_pay'`, … */
  paymentMethod?: string
  /** What the user pays, fees included, in `baseCurrencyCode` units (e.g. `150` with `'usd'`). */
  baseCurrencyAmount?: number
  /** The fiat currency paid in (MoonPay's `baseCurrency.code`, lower case, e.g. `'usd'`). */
  baseCurrencyCode?: string
  /** What the wallet receives, in `currencyCode` units (e.g. `0.05`). */
  quoteCurrencyAmount?: number
  /** The asset bought (MoonPay's `currency.code`, e.g. `'eth'`, `'usdc_base'`). */
  currencyCode?: string
  /** MoonPay's fee, extra fee and network fee added up, in `baseCurrencyCode` units. */
  feeAmount?: number
}

const numberOrUndefined = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined
const codeOf = (value: unknown) => {
  const code = (value as { code?: unknown } | null | undefined)?.code
  return typeof code === 'string' && code ? code : undefined
}

/** The purchase of MoonPay's lookup answer (its first item), its known fields only. */
function readTransaction(item: Record<string, unknown> | undefined): MoonpayTransaction {
  const status = item?.status
  const fees = [item?.feeAmount, item?.extraFeeAmount, item?.networkFeeAmount]
    .map(numberOrUndefined)
    .filter((fee): fee is number => fee !== undefined)
  const fields: { [Key in keyof Omit<MoonpayTransaction, 'status'>]: MoonpayTransaction[Key] | undefined } = {
    paymentMethod: typeof item?.paymentMethod === 'string' ? item.paymentMethod : undefined,
    baseCurrencyAmount: numberOrUndefined(item?.baseCurrencyAmount),
    baseCurrencyCode: codeOf(item?.baseCurrency),
    quoteCurrencyAmount: numberOrUndefined(item?.quoteCurrencyAmount),
    currencyCode: codeOf(item?.currency),
    feeAmount: fees.length > 0 ? fees.reduce((sum, fee) => sum + fee, 0) : undefined,
  }
  return {
    status: known.has(status as MoonpayTransactionStatus) ? (status as MoonpayTransactionStatus) : 'pending',
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
  }
}

/**
 * Reads a purchase from MoonPay's own API (docs/api.md): `GET {apiUrl}/v1/transactions/ext/
 * {externalTransactionId}?apiKey=` answers a list whose first item is the purchase. A 404 (the user has not
 * bought yet) is `{ status: 'pending' }`; any status MoonPay reports while it works (`waitingPayment`…) is
 * `'pending'`.
 *
 * @throws Error on any other HTTP error or a network failure (the caller counts these: docs/errors.md, 3
 * errors)
 * @example const { status, baseCurrencyAmount, baseCurrencyCode } = await getMoonpayTransaction({ apiUrl, apiKey, externalTransactionId })
 */
export async function getMoonpayTransaction(
  parameters: GetMoonpayTransactionStatusParameters,
): Promise<MoonpayTransaction> {
  const url = `${parameters.apiUrl.replace(/\/+$/, '')}/v1/transactions/ext/${encodeURIComponent(
    parameters.externalTransactionId,
  )}?apiKey=${encodeURIComponent(parameters.apiKey)}`
  const response = await (parameters.fetch ?? fetch)(url, {
    headers: { accept: 'application/json' },
    ...(parameters.signal ? { signal: parameters.signal } : {}),
  })
  if (response.status === 404) return { status: 'pending' }
  if (!response.ok) throw new Error(`MoonPay answered ${response.status}`)
  const body = (await response.json()) as unknown
  const first = Array.isArray(body) ? body[0] : undefined
  return readTransaction(
    typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : undefined,
  )
}

/**
 * Reads a purchase's status from MoonPay's own API (docs/api.md): the `status` of
 * {@link getMoonpayTransaction}. A 404 (the user has not bought yet) and any status MoonPay reports while it
 * works (`waitingPayment`…) are `'pending'`.
 *
 * @throws Error on any other HTTP error or a network failure (the caller counts these: docs/errors.md, 3
 * errors)
 * @example const status = await getMoonpayTransactionStatus({ apiUrl, apiKey, externalTransactionId })
 */
export async function getMoonpayTransactionStatus(
  parameters: GetMoonpayTransactionStatusParameters,
): Promise<MoonpayTransactionStatus> {
  return (await getMoonpayTransaction(parameters)).status
}
