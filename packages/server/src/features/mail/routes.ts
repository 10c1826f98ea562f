import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DevMailbox } from './devMailbox'

const mailboxQuerySchema = z.object({
  to: z.string().max(320).optional(),
  kind: z.enum(['email', 'sms']).optional(),
})

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * Dev mailbox routes (registered only with the `devMailbox` option, `FOYER_DEV_MAILBOX=1`):
 * `GET /dev/mailbox.json?to=&kind=` → `{ messages: [{ id, kind, to, subject, text, code, sent_at }] }` newest
 * first (`kind` 'email' or 'sms'; an SMS has `to` the E.164 number), and `GET /dev/mailbox?to=&kind=` → the
 * same as an HTML page.
 */
export async function mailboxRoutes(app: FastifyInstance, options: { mailbox: DevMailbox }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get('/dev/mailbox.json', { schema: { querystring: mailboxQuerySchema } }, async (request) => ({
    messages: options.mailbox
      .list({ to: request.query.to, kind: request.query.kind })
      .map(({ html: _html, ...message }) => message),
  }))
  typed.get('/dev/mailbox', { schema: { querystring: mailboxQuerySchema } }, async (request, reply) => {
    const messages = options.mailbox.list({ to: request.query.to, kind: request.query.kind })
    const items = messages
      .map(
        (message) => `<li style="margin:0 0 16px;padding:12px;border:1px solid #e4e4e7;border-radius:8px;">
  <div><strong>${escapeHtml(message.subject)}</strong></div>
  <div>${message.kind === 'sms' ? 'SMS ' : ''}to ${escapeHtml(message.to)} · ${new Date(message.sent_at).toISOString()}</div>
  ${message.code ? `<div style="font-size:24px;font-family:monospace;letter-spacing:4px;">${message.code}</div>` : ''}
  <pre style="white-space:pre-wrap;">${escapeHtml(message.text)}</pre>
</li>`,
      )
      .join('\n')
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Foyer dev mailbox</title></head><body style="font-family:sans-serif;max-width:720px;margin:24px auto;"><h1>Foyer dev mailbox</h1><p>${messages.length} message(s), newest first.</p><ul style="list-style:none;padding:0;">${items}</ul></body></html>`,
      )
  })
}
