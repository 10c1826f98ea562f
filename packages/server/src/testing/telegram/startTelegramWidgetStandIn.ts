import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocally } from '../http/listenLocally'
import { authPage } from './authPage'
import { createTelegramInitData, signTelegramLogin, type TelegramTestUser } from './signTelegramLogin'
import { widgetScript } from './widgetScript'

/** A bot the stand-in serves: its username (`data-telegram-login`) and token (`<bot_id>:<secret>`). */
export type TelegramStandInBot = { name: string; token: string }

export type StartTelegramWidgetStandInOptions = {
  /** The bots it signs for (Telegram knows every bot's token). */
  bots: readonly TelegramStandInBot[]
  /** The user the confirmation page offers; default Ada Lovelace, id 424242. */
  user?: TelegramTestUser
  /** Loopback host; default '127.0.0.1'. */
  host?: string
  /** Port; default 0 (any free one). */
  port?: number
  /** Current time in ms (the signed `auth_date`); default `Date.now`. */
  now?: () => number
}

export type TelegramWidgetStandIn = {
  /** `http://127.0.0.1:<port>`. */
  url: string
  /** `<url>/js/telegram-widget.js`: the widget script (the client's `telegram.widgetScriptUrl`). */
  scriptUrl: string
  /** Sets the user the confirmation page offers next. */
  setUser(user: TelegramTestUser): void
  /** How many auth results the stand-in has signed. */
  signed(): number
  close(): Promise<void>
}

/** The default Telegram user of the stand-in. */
export const defaultTelegramTestUser: TelegramTestUser = {
  id: 424242,
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada_lovelace',
}

const BODY_LIMIT = 16 * 1024

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
      if (body.length > BODY_LIMIT) reject(new Error('body too large'))
    })
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}

function send(response: ServerResponse, status: number, type: string, body: string, cors = false): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    ...(cors ? { 'access-control-allow-origin': '*' } : {}),
  })
  response.end(body)
}

/** A user from the confirmation page's form: a positive integer id and a first name, the rest optional text. */
function parseUser(value: unknown): TelegramTestUser | null {
  if (typeof value !== 'object' || value === null) return null
  const fields = value as Record<string, unknown>
  const text = (key: string) =>
    typeof fields[key] === 'string' && fields[key] ? (fields[key] as string) : undefined
  const firstName = text('first_name')
  if (!Number.isSafeInteger(fields.id) || (fields.id as number) < 1 || !firstName) return null
  return {
    id: fields.id as number,
    first_name: firstName,
    last_name: text('last_name'),
    username: text('username'),
    photo_url: text('photo_url'),
  }
}

/**
 * A local stand-in for Telegram's login widget (docs/architecture.md "Local real components"): serves the
 * widget script (`/js/telegram-widget.js`, see `widgetScript`), the confirmation popup
 * (`/auth?bot_name=…|bot_id=…&origin=… [&return_to=…]`, see `authPage`), `GET /webapp/init-data?bot_name=…` →
 * `{ initData }` (what Telegram's client gives a mini app it opens, for the current user; any origin may read
 * it) and `POST /auth/sign` `{ bot_name, user }` → the auth result signed with that bot's token as Telegram
 * signs it (`signTelegramLogin`); 404 for a bot it does not serve, 400 for a malformed user. Listens on
 * loopback only.
 *
 * @example
 * const telegram = await startTelegramWidgetStandIn({ bots: [{ name: 'foyer_demo_bot', token }] })
 * // client: telegram: { widgetScriptUrl: telegram.scriptUrl }
 */
export async function startTelegramWidgetStandIn(
  options: StartTelegramWidgetStandInOptions,
): Promise<TelegramWidgetStandIn> {
  const bots = new Map(options.bots.map((bot) => [bot.name, bot]))
  const now = options.now ?? Date.now
  let user = options.user ?? defaultTelegramTestUser
  let signed = 0

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    try {
      if (request.method === 'GET' && url.pathname === '/js/telegram-widget.js')
        return send(response, 200, 'application/javascript; charset=utf-8', widgetScript)
      if (request.method === 'GET' && url.pathname === '/auth') {
        // The widget names the bot; `Telegram.Login.auth` gives its id (the token's part before ':').
        const botId = url.searchParams.get('bot_id')
        const bot = botId
          ? [...bots.values()].find((entry) => entry.token.split(':')[0] === botId)
          : bots.get(url.searchParams.get('bot_name') ?? '')
        const origin = url.searchParams.get('origin') ?? ''
        if (!bot || !URL.canParse(origin)) return send(response, 400, 'text/plain', 'Bot domain invalid')
        const returnTo = url.searchParams.get('return_to')
        const page = authPage({ botName: bot.name, origin: new URL(origin).origin, returnTo, user })
        return send(response, 200, 'text/html; charset=utf-8', page)
      }
      if (request.method === 'GET' && url.pathname === '/webapp/init-data') {
        // What Telegram's client hands a mini app it opens: `initData` for the current user.
        const bot = bots.get(url.searchParams.get('bot_name') ?? '')
        if (!bot) return send(response, 404, 'application/json', '{"error":"unknown bot"}', true)
        const { initData } = createTelegramInitData({
          botToken: bot.token,
          user,
          authDate: Math.floor(now() / 1000),
        })
        return send(response, 200, 'application/json', JSON.stringify({ initData }), true)
      }
      if (request.method === 'POST' && url.pathname === '/auth/sign') {
        const body = JSON.parse(await readBody(request)) as { bot_name?: unknown; user?: unknown }
        const bot = bots.get(String(body.bot_name))
        if (!bot) return send(response, 404, 'application/json', '{"error":"unknown bot"}')
        const who = parseUser(body.user)
        if (!who) return send(response, 400, 'application/json', '{"error":"invalid user"}')
        signed++
        const result = signTelegramLogin({
          botToken: bot.token,
          user: who,
          authDate: Math.floor(now() / 1000),
        })
        return send(response, 200, 'application/json', JSON.stringify(result))
      }
      send(response, 404, 'text/plain', 'not found')
    } catch {
      send(response, 400, 'text/plain', 'bad request')
    }
  })
  const { url, close } = await listenLocally(server, { port: options.port, host: options.host })
  return {
    url,
    scriptUrl: `${url}/js/telegram-widget.js`,
    setUser(next) {
      user = next
    },
    signed: () => signed,
    close,
  }
}
