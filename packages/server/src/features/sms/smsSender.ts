import { maskPhoneNumber } from '@foyer/protocol'
import type { FastifyBaseLogger } from 'fastify'
import { randomId } from '../../crypto/randomId'
import type { ServerContext } from '../../ServerContext'
import type { DevMailbox } from '../mail/devMailbox'

/** An outgoing SMS. `to` is E.164; `code` is the one-time code it carries, kept only in the dev mailbox. */
export type SmsMessage = { to: string; body: string; code?: string }

/** Sends SMS: Twilio when configured, and a copy to the dev mailbox outside production. */
export type SmsSender = {
  send(message: SmsMessage): Promise<void>
  /** True when a real provider (Twilio) is configured; false when SMS only reach the dev mailbox. */
  readonly delivers: boolean
}

/**
 * A failed SMS send. `providerCode` is Twilio's numeric error code (e.g. 21408, 21612, 21211) when the
 * provider answered with one; `status` the provider's HTTP status (0 when it could not be reached).
 */
export class SmsSendError extends Error {
  override name = 'SmsSendError'
  readonly providerCode: number | null
  readonly status: number

  constructor(
    message: string,
    parameters: { providerCode?: number | null; status: number; cause?: unknown },
  ) {
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.providerCode = parameters.providerCode ?? null
    this.status = parameters.status
  }
}

/** Twilio credentials and sender (`TWILIO_*` environment variables). */
export type TwilioOptions = {
  /** `TWILIO_ACCOUNT_SID` (AC…): the path segment and the Basic-auth user name. */
  accountSid: string
  /** `TWILIO_AUTH_TOKEN`: the Basic-auth password. */
  authToken: string
  /** `TWILIO_FROM`: an E.164 number, short code or alphanumeric sender id of the account. */
  from: string
  /** `TWILIO_BASE_URL`; default https://api.twilio.com (tests point it at a local stand-in). */
  baseUrl?: string | undefined
  /** Request timeout in ms; default 10000. */
  timeoutMs?: number | undefined
  /** `fetch` implementation; default the global one. */
  fetch?: typeof fetch | undefined
}

/** Twilio's default API origin. */
export const TWILIO_DEFAULT_BASE_URL = 'https://api.twilio.com'

/**
 * Sends one SMS through Twilio's Messages REST API: `POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/
 * Messages.json` with the form-encoded body `To`, `From`, `Body` and HTTP Basic auth (AccountSid:AuthToken).
 * Twilio answers 201 with the message resource, or 4xx/5xx with `{ code, message, more_info, status }`.
 * Throws {@link SmsSendError} (with Twilio's `code`) on any non-2xx answer, a timeout or a network error.
 */
export async function sendTwilioSms(
  options: TwilioOptions,
  message: { to: string; body: string },
): Promise<void> {
  const base = (options.baseUrl ?? TWILIO_DEFAULT_BASE_URL).replace(/\/+$/, '')
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`
  const body = new URLSearchParams({ To: message.to, From: options.from, Body: message.body })
  const doFetch = options.fetch ?? fetch
  let response: Response
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: body.toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
  } catch (error) {
    throw new SmsSendError('Twilio could not be reached', { status: 0, cause: error })
  }
  if (response.ok) {
    await response.body?.cancel().catch(() => {})
    return
  }
  let providerCode: number | null = null
  let providerMessage = ''
  try {
    const json = (await response.json()) as { code?: unknown; message?: unknown }
    if (typeof json.code === 'number') providerCode = json.code
    if (typeof json.message === 'string') providerMessage = json.message
  } catch {}
  throw new SmsSendError(
    `Twilio answered ${response.status}${providerCode ? ` (code ${providerCode})` : ''}${providerMessage ? `: ${providerMessage}` : ''}`,
    { status: response.status, providerCode },
  )
}

export type CreateSmsSenderParameters = {
  /** Twilio settings; without them SMS go only to the dev mailbox. */
  twilio?: TwilioOptions | undefined
  mailbox: DevMailbox | null
  now: () => number
  log: FastifyBaseLogger
  /** Development only: prints `[dev mailbox] code 123456 for +1…` at the terminal (never to the log). */
  printCode?: ((line: string) => void) | undefined
}

/**
 * Creates the {@link SmsSender}. Outside production (`mailbox` set) every SMS is also stored in the dev
 * mailbox (`kind: 'sms'`, `to` the E.164 number, `subject` 'SMS', `text` the body) and logged with the
 * number masked and without the code (docs/security.md properties 7, 27). With Twilio configured the SMS is
 * first sent through it (see {@link sendTwilioSms}); its errors propagate as {@link SmsSendError} and
 * then nothing reaches the mailbox.
 */
export function createSmsSender(parameters: CreateSmsSenderParameters): SmsSender {
  const { twilio } = parameters
  return {
    delivers: Boolean(twilio),
    async send(message) {
      // Provider first: a code Twilio refused is dead, so it never shows in the mailbox either.
      if (twilio) await sendTwilioSms(twilio, message)
      if (parameters.mailbox) {
        parameters.mailbox.add({
          id: randomId(16),
          kind: 'sms',
          to: message.to,
          subject: 'SMS',
          text: message.body,
          html: '',
          code: message.code ?? null,
          sent_at: parameters.now(),
        })
        if (message.code) {
          parameters.log.info(`[dev mailbox] SMS login code for ${maskPhoneNumber(message.to)}`)
          parameters.printCode?.(`[dev mailbox] code ${message.code} for ${message.to}`)
        }
      }
    },
  }
}

/** The context of routes that text codes (SMS sign-in, MFA by SMS): the server's, and their sender. */
export type SmsContext = ServerContext & { sms: SmsSender }

/**
 * The {@link SmsSender} of a plugin that texts codes, over the server `context`'s dev mailbox and clock:
 * Twilio when `twilio` is given, and the dev mailbox when it is on (its codes printed to the terminal in
 * development).
 */
export function smsSenderFor(
  context: Pick<ServerContext, 'mailbox' | 'env' | 'now' | 'log'>,
  twilio: TwilioOptions | undefined,
): SmsSender {
  return createSmsSender({
    twilio,
    mailbox: context.mailbox,
    now: context.now,
    log: context.log,
    printCode:
      context.mailbox && context.env === 'development'
        ? (line: string) => process.stdout.write(`${line}\n`)
        : undefined,
  })
}
