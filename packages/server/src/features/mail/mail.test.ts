import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '../../test/createTestContext'
import { createDevMailbox } from './devMailbox'
import { createMailer } from './mailer'
import { renderLoginCodeEmail } from './renderLoginCodeEmail'

let smtp: SMTPServer
let smtpPort: number
const received: ParsedMail[] = []
let t: TestContext

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpPort = (smtp.server.address() as AddressInfo).port
  t = await createTestContext({
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailFrom: 'Foyer <login@foyer.test>',
  })
})
afterAll(async () => {
  await t?.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

describe('mail', () => {
  test('default: a real SMTP round trip carries HTML and text parts with the app name and the code', async () => {
    const email = 'smtp-person@example.com'
    const code = await t.sendCode(email)
    await expect.poll(() => received.length).toBeGreaterThan(0)
    const mail = received.at(-1)!
    expect(mail.subject).toBe(`${code} is your Foyer Demo login code`)
    expect(mail.from?.text).toContain('login@foyer.test')
    expect(mail.text).toContain(code)
    expect(mail.text).toContain('Foyer Demo')
    expect(mail.html).toBeTypeOf('string')
    expect(mail.html).toContain('Foyer Demo')
    expect(mail.html).toContain(code)
    expect(mail.html).toContain('font-size:36px')
    // Outside production the dev mailbox keeps a copy.
    expect((await t.mailbox(email))[0]?.code).toBe(code)
  })

  test('default: /dev/mailbox.json lists messages newest first, filtered by recipient', async () => {
    await t.sendCode('First@Example.com')
    await t.sendCode('second@example.com')
    const all = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json() as {
      messages: Array<Record<string, unknown>>
    }
    expect(all.messages[0]).toMatchObject({ to: 'second@example.com' })
    expect(Object.keys(all.messages[0]!).sort()).toEqual([
      'code',
      'id',
      'kind',
      'sent_at',
      'subject',
      'text',
      'to',
    ])
    expect(all.messages[0]?.sent_at).toBe(t.now())
    const filtered = (
      await t.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=FIRST@example.com' })
    ).json() as {
      messages: Array<{ to: string }>
    }
    expect(filtered.messages.map((message) => message.to)).toEqual(['first@example.com'])
  })

  test('default: /dev/mailbox is an HTML list', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    expect(response.body).toContain('second@example.com')
  })

  test('error: an SMTP failure answers 500 and releases the cooldown', async () => {
    const broken = await createTestContext({ smtpUrl: 'smtp://127.0.0.1:1' })
    const init = () =>
      broken.request({
        method: 'POST',
        url: '/api/v1/passwordless/init',
        json: { email: 'nosmtp@example.com' },
      })
    const first = await init()
    expect(first.statusCode).toBe(500)
    expect(first.json()).toMatchObject({ code: 'internal_error' })
    expect((await init()).statusCode).toBe(500) // not 429: the cooldown was released
    await broken.close()
  })

  test('behavior: in production there is no dev mailbox', async () => {
    const production = await createTestContext({ env: 'production' })
    expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404)
    expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404)
    const response = await production.request({
      method: 'POST',
      url: '/api/v1/passwordless/init',
      json: { email: 'prod@example.com' },
    })
    expect(response.statusCode).toBe(200)
    await production.close()
  })

  test('behavior: the dev mailer logs the recipient but never the code, and prints the code only when asked (development); the production mailer logs nothing', async () => {
    const lines: string[] = []
    const log = { info: (message: string) => lines.push(message) } as unknown as Parameters<
      typeof createMailer
    >[0]['log']
    const message = {
      to: 'a@b.c',
      code: '123456',
      ...renderLoginCodeEmail({ appName: 'A', code: '123456', ttlMinutes: 10 }),
    }
    await createMailer({ mailbox: createDevMailbox(), now: () => 0, log }).send(message)
    expect(lines).toEqual(['[dev mailbox] login code for a@b.c'])
    lines.length = 0
    const printed: string[] = []
    await createMailer({
      mailbox: createDevMailbox(),
      now: () => 0,
      log,
      printCode: (line) => printed.push(line),
    }).send(message)
    expect(printed).toEqual(['[dev mailbox] code 123456 for a@b.c'])
    expect(lines).toEqual(['[dev mailbox] login code for a@b.c'])
    lines.length = 0
    await createMailer({ mailbox: null, now: () => 0, log }).send(message)
    expect(lines).toEqual([])
  })

  test('behavior: the dev mailbox keeps only the newest 200 messages', () => {
    const mailbox = createDevMailbox(200)
    for (let index = 0; index < 250; index++)
      mailbox.add({
        id: String(index),
        kind: 'email',
        to: 'x@y.z',
        subject: '',
        text: '',
        html: '',
        code: null,
        sent_at: index,
      })
    const messages = mailbox.list()
    expect(messages).toHaveLength(200)
    expect(messages[0]?.id).toBe('249')
    expect(messages.at(-1)?.id).toBe('50')
  })

  test('behavior: the HTML escapes the app name', () => {
    const { html, subject } = renderLoginCodeEmail({ appName: '<b>Shop</b>', code: '000123', ttlMinutes: 10 })
    expect(html).not.toContain('<b>Shop</b>')
    expect(html).toContain('&#60;b&#62;Shop')
    expect(subject).toBe('000123 is your <b>Shop</b> login code')
  })
})

describe('dev mailbox switch', () => {
  test('default: without devMailbox there is no /dev/mailbox and codes reach only SMTP', async () => {
    const plain = await createTestContext({
      db: t.db,
      masterKey: t.masterKey,
      devMailbox: false,
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    })
    const write = process.stdout.write
    const printed: string[] = []
    process.stdout.write = ((chunk: string) => {
      printed.push(String(chunk))
      return true
    }) as typeof process.stdout.write
    try {
      const sent = await plain.request({
        method: 'POST',
        url: '/api/v1/passwordless/init',
        json: { email: 'nomailbox@example.com' },
      })
      expect(sent.statusCode).toBe(200)
    } finally {
      process.stdout.write = write
    }
    expect(printed.join('')).not.toMatch(/\[dev mailbox\]/)
    for (const url of ['/dev/mailbox', '/dev/mailbox.json'])
      expect((await plain.request({ method: 'GET', url })).statusCode).toBe(404)
    await plain.app.close()
  })

  test('error: devMailbox in production is refused', async () => {
    await expect(
      createTestContext({ db: t.db, masterKey: t.masterKey, devMailbox: true, env: 'production' }),
    ).rejects.toThrow('devMailbox is not allowed in production')
  })
})
