import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { randomId } from '../../crypto/randomId'
import type { DevMailbox } from './devMailbox'

/** An outgoing email. `code` is the one-time code it carries, kept only in the dev mailbox. */
export type MailMessage = { to: string; subject: string; text: string; html: string; code?: string }

/**
 * Sends email: SMTP when configured, and a copy to the dev mailbox outside production (docs/architecture.md
 * "Inside the server").
 */
export type Mailer = { send(message: MailMessage): Promise<void>; close(): void }

export type CreateMailerParameters = {
  /** `smtp://user:pass@host:port` or `smtps://…`; without it mail goes only to the dev mailbox. */
  smtpUrl?: string | undefined
  /** `From` header; default `Foyer <no-reply@localhost>`. */
  mailFrom?: string | undefined
  mailbox: DevMailbox | null
  now: () => number
  log: FastifyBaseLogger
  /**
   * Development only: prints `[dev mailbox] code 123456 for a@b.c` for the developer at the terminal. Never
   * set in test or production, and never routed through the structured log.
   */
  printCode?: ((line: string) => void) | undefined
}

/**
 * Creates the {@link Mailer}. Outside production (when `mailbox` is set) every message is also stored in
 * the dev mailbox and logged as `[dev mailbox] login code for a@b.c` — without the code: codes and tokens
 * never reach the structured log (docs/security.md properties 7, 27). In development `printCode` shows the
 * code itself at the terminal, so `npm run demo` users can sign in without opening the mailbox.
 */
export function createMailer(parameters: CreateMailerParameters): Mailer {
  const transport = parameters.smtpUrl ? nodemailer.createTransport(parameters.smtpUrl) : null
  const from = parameters.mailFrom ?? 'Foyer <no-reply@localhost>'
  return {
    async send(message) {
      if (parameters.mailbox) {
        parameters.mailbox.add({
          id: randomId(16),
          kind: 'email',
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          code: message.code ?? null,
          sent_at: parameters.now(),
        })
        if (message.code) {
          parameters.log.info(`[dev mailbox] login code for ${message.to}`)
          parameters.printCode?.(`[dev mailbox] code ${message.code} for ${message.to}`)
        }
      }
      if (transport) {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
      }
    },
    close() {
      transport?.close()
    },
  }
}
