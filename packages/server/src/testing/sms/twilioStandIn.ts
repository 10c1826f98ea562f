import { createServer, type ServerResponse } from 'node:http'
import { listenLocally } from '../http/listenLocally'
import { readBody, sendJson } from '../http/standInHttp'

/** One request the stand-in received (any path), with its form fields parsed. */
export type TwilioStandInRequest = {
  method: string
  path: string
  authorization: string | undefined
  contentType: string | undefined
  /** The raw body. */
  body: string
  /** The form-decoded body (`To`, `From`, `Body`). */
  form: Record<string, string>
}

/** A Twilio error the stand-in answers with: HTTP `status` and Twilio's `{ code, message }`. */
export type TwilioStandInFailure = { status: number; code: number; message: string }

/** Twilio 21408: the account may not send to this region. */
export const TWILIO_REGION_NOT_ENABLED: TwilioStandInFailure = {
  status: 400,
  code: 21408,
  message: 'Permission to send an SMS has not been enabled for the region indicated by the To number',
}
/** Twilio 21612: the destination is not reachable from this sender. */
export const TWILIO_UNROUTABLE: TwilioStandInFailure = {
  status: 400,
  code: 21612,
  message: "The 'To' phone number is not currently reachable using the 'From' phone number via SMS.",
}
/** Twilio 21211: the `To` number is not valid. */
export const TWILIO_INVALID_TO: TwilioStandInFailure = {
  status: 400,
  code: 21211,
  message: "Invalid 'To' Phone Number",
}

export type TwilioStandIn = {
  /** `http://127.0.0.1:<port>`: pass it as `TWILIO_BASE_URL` / `twilio.baseUrl`. */
  baseUrl: string
  /** Every request received, oldest first. */
  requests: TwilioStandInRequest[]
  /** Answers sends to `to` (E.164) with `failure` from now on. */
  fail(to: string, failure: TwilioStandInFailure): void
  close(): Promise<void>
}

export type StartTwilioStandInOptions = {
  /** Expected Account SID; default 'AC00000000000000000000000000000000'. */
  accountSid?: string
  /** Expected Auth Token; default 'test-auth-token'. */
  authToken?: string
  /** E.164 prefixes (e.g. '+86') answered with 21408 (region not enabled); default none. */
  regionBlockedPrefixes?: readonly string[]
  /** Port; default 0 (any free one). Host is always 127.0.0.1. */
  port?: number
}

/**
 * A local stand-in for Twilio's Messages API, for tests and the e2e stack (loopback only). It answers
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` like Twilio: HTTP Basic auth of AccountSid:AuthToken
 * (else 401, code 20003), a form-encoded body with `To`, `From` and `Body` (else 400, code 21604 / 21603 /
 * 21602), then 201 with a message resource (`sid`, `status: 'queued'`, …) — or the failure set with
 * {@link TwilioStandIn.fail} or `regionBlockedPrefixes` (`{ code, message, more_info, status }`).
 *
 * @example
 * const twilio = await startTwilioStandIn({ regionBlockedPrefixes: ['+86'] })
 * const app = await createApp({ db, masterKey, methods: [sms({ twilio: { baseUrl: twilio.baseUrl, accountSid, authToken, from } })] })
 */
export async function startTwilioStandIn(options: StartTwilioStandInOptions = {}): Promise<TwilioStandIn> {
  const accountSid = options.accountSid ?? 'AC00000000000000000000000000000000'
  const authToken = options.authToken ?? 'test-auth-token'
  const expectedAuthorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
  const requests: TwilioStandInRequest[] = []
  const failures = new Map<string, TwilioStandInFailure>()
  let counter = 0
  const twilioError = (response: ServerResponse, failure: TwilioStandInFailure) =>
    sendJson(response, failure.status, {
      code: failure.code,
      message: failure.message,
      more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
      status: failure.status,
    })

  const server = createServer(async (request, response) => {
    const body = await readBody(request)
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    const contentType = request.headers['content-type']
    const form = Object.fromEntries(new URLSearchParams(body))
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      contentType,
      body,
      form,
    })
    if (request.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`)
      return twilioError(response, {
        status: 404,
        code: 20404,
        message: 'The requested resource was not found',
      })
    if (request.headers.authorization !== expectedAuthorization)
      return twilioError(response, { status: 401, code: 20003, message: 'Authenticate' })
    if (!contentType?.startsWith('application/x-www-form-urlencoded'))
      return twilioError(response, { status: 400, code: 21604, message: "A 'To' phone number is required." })
    const { To: to, From: from, Body: text } = form
    if (!to)
      return twilioError(response, { status: 400, code: 21604, message: "A 'To' phone number is required." })
    if (!from)
      return twilioError(response, {
        status: 400,
        code: 21603,
        message: "A 'From' phone number is required.",
      })
    if (!text)
      return twilioError(response, { status: 400, code: 21602, message: 'Message body is required.' })
    const failure =
      failures.get(to) ??
      (options.regionBlockedPrefixes?.some((prefix) => to.startsWith(prefix))
        ? TWILIO_REGION_NOT_ENABLED
        : undefined)
    if (failure) return twilioError(response, failure)
    const sid = `SM${String(++counter).padStart(32, '0')}`
    const now = new Date().toUTCString()
    return sendJson(response, 201, {
      sid,
      account_sid: accountSid,
      to,
      from,
      body: text,
      status: 'queued',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      num_segments: '1',
      error_code: null,
      error_message: null,
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    })
  })
  const { url, close } = await listenLocally(server, { port: options.port })
  return {
    baseUrl: url,
    requests,
    fail(to, failure) {
      failures.set(to, failure)
    },
    close,
  }
}
