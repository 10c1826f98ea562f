import type { SignInMethod } from '../../FoyerPlugin'
import { emailAccountKind } from './account'
import { passwordlessRoutes } from './routes'

/**
 * Email one-time codes (`/api/v1/passwordless/*`; docs/plugins.md). Mail goes through the server's mailer
 * (`createApp({ smtpUrl, mailFrom })`), which other features share.
 *
 * @example createApp({ db, masterKey, methods: [email()] })
 */
export function email() {
  return {
    id: 'email',
    options: {},
    accounts: [emailAccountKind],
    routes: passwordlessRoutes,
    rateLimits: {},
    errorCodes: ['disallowed_plus_email', 'invalid_credentials'],
    settings: ['email_auth', 'disable_plus_emails'],
  } as const satisfies SignInMethod<'email', Record<string, never>>
}
