export type RenderLoginCodeEmailParameters = {
  appName: string
  code: string
  /** Code lifetime, in minutes. */
  ttlMinutes: number
}

export type LoginCodeEmail = { subject: string; text: string; html: string }

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The login-code email: subject `<code> is your <app> login code`, an HTML body with inline styles (the app
 * name, the code large) and a plain-text alternative.
 *
 * @example renderLoginCodeEmail({ appName: 'Foyer Demo', code: '123456', ttlMinutes: 10 }).subject
 * // '123456 is your Foyer Demo login code'
 */
export function renderLoginCodeEmail(parameters: RenderLoginCodeEmailParameters): LoginCodeEmail {
  const { appName, code, ttlMinutes } = parameters
  const subject = `${code} is your ${appName} login code`
  const text = [
    `Your ${appName} login code is ${code}.`,
    '',
    `Enter it in the sign-in window to continue. It expires in ${ttlMinutes} minutes and works once.`,
    '',
    "If you didn't try to sign in, you can ignore this email.",
  ].join('\n')
  const app = escapeHtml(appName)
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(subject)}</title>
  </head>
  <body style="margin:0;padding:0;background-color:#f4f4f5;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f4f4f5;padding:32px 16px;">
      <tr>
        <td align="center">
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background-color:#ffffff;border-radius:12px;padding:32px;">
            <tr>
              <td style="font-size:18px;font-weight:600;padding-bottom:16px;">${app}</td>
            </tr>
            <tr>
              <td style="font-size:15px;line-height:22px;padding-bottom:24px;">Enter this code to sign in to ${app}:</td>
            </tr>
            <tr>
              <td align="center" style="font-size:36px;font-weight:700;letter-spacing:8px;font-family:'SFMono-Regular',Menlo,Consolas,monospace;background-color:#f4f4f5;border-radius:8px;padding:16px 0;">${code}</td>
            </tr>
            <tr>
              <td style="font-size:13px;line-height:20px;color:#71717a;padding-top:24px;">This code expires in ${ttlMinutes} minutes and works once. If you didn't try to sign in, you can ignore this email.</td>
            </tr>
          </table>
        </td>
      </tr>
    </table>
  </body>
</html>
`
  return { subject, text, html }
}
