import { randomUUID } from 'node:crypto'
import type { AppSettings, MoonpaySignRequest, MoonpaySignResponse } from '@foyer/protocol'
import { foyerError } from '../../errors/foyerError'
import type { FundingSettings } from './fundingSettings'
import { signMoonpayUrl } from './signMoonpayUrl'

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * The signed MoonPay buy-widget URL of a sign request (docs/api.md `signMoonpayOnRampUrl`,
 * docs/wire.md#funding): the sandbox or live widget (`useSandbox`, else the app's `use_sandbox`) with
 * `apiKey`, `walletAddress`, `currencyCode`, `quoteCurrencyAmount`, `paymentMethod`, `email`, `colorCode`,
 * `theme` and a fresh `externalTransactionId` (a UUID the client polls the purchase by), signed with the
 * app's secret key.
 *
 * @throws FoyerHttpError 400 `not_supported` 'Wallet funding is not enabled' when the app offers no MoonPay
 *   card funding or has no MoonPay keys; 400 `invalid_data` 'Invalid funding data' for an address that is
 *   neither an Ethereum nor a Solana one, or not of the currency's chain
 * @example const { signedUrl, externalTransactionId } = moonpayWidgetUrl(app.settings, context.funding, body)
 */
export function moonpayWidgetUrl(
  settings: AppSettings,
  funding: FundingSettings,
  body: MoonpaySignRequest,
): MoonpaySignResponse {
  const moonpay = settings.funding_providers.moonpay
  const offered = settings.funding_config.options.some(
    (option) =>
      option.provider === 'moonpay' && (option.method === 'card' || option.method === 'payment-request'),
  )
  if (!settings.fiat_on_ramp_enabled || !offered || !moonpay) throw foyerError('fundingNotEnabled')
  const code = body.config.currencyCode
  const solana = code === 'SOL' || code === 'USDC_SOL'
  if (!(solana ? SOLANA_ADDRESS : ETHEREUM_ADDRESS).test(body.address)) throw foyerError('invalidFundingData')

  const externalTransactionId = randomUUID()
  const sandbox = body.useSandbox ?? moonpay.use_sandbox
  const query = new URLSearchParams({ apiKey: moonpay.api_key })
  if (code) query.set('currencyCode', code.toLowerCase())
  query.set('walletAddress', body.address)
  const { quoteCurrencyAmount, paymentMethod, email, uiConfig } = body.config
  if (quoteCurrencyAmount !== undefined) query.set('quoteCurrencyAmount', String(quoteCurrencyAmount))
  if (paymentMethod) query.set('paymentMethod', paymentMethod)
  if (email) query.set('email', email)
  if (uiConfig?.accentColor) query.set('colorCode', uiConfig.accentColor)
  if (uiConfig?.theme) query.set('theme', uiConfig.theme)
  query.set('externalTransactionId', externalTransactionId)
  const base = sandbox ? funding.moonpaySandboxWidgetUrl : funding.moonpayWidgetUrl
  return { signedUrl: signMoonpayUrl(`${base}?${query}`, moonpay.secret_key), externalTransactionId }
}
