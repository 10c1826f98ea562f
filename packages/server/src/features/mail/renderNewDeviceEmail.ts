import type { LoginCodeEmail } from './renderLoginCodeEmail'

export type RenderNewDeviceEmailParameters = {
  appName: string
  /** How the device names itself, e.g. 'Chrome on Linux'. */
  deviceLabel: string
  at: Date
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The email that tells a user a new device can now use their wallet (`docs/security.md#device-keys`):
 * subject `A new device can use your <app> wallet`, the device and time, and what to do if it was not them.
 *
 * @example renderNewDeviceEmail({ appName: 'Foyer Demo', deviceLabel: 'Chrome on Linux', at: new Date() }).subject
 * // 'A new device can use your Foyer Demo wallet'
 */
export function renderNewDeviceEmail(parameters: RenderNewDeviceEmailParameters): LoginCodeEmail {
  const { appName, deviceLabel } = parameters
  const when = parameters.at.toUTCString()
  const subject = `A new device can use your ${appName} wallet`
  const lines = [
    `${deviceLabel} was added to your ${appName} wallet on ${when}.`,
    '',
    'If this was you, there is nothing to do.',
    `If it was not, sign in to ${appName}, remove the device from your wallet's devices, and secure your email.`,
  ]
  const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
  <body style="font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#18181b;">
    <p style="font-size:18px;font-weight:600;">${escapeHtml(appName)}</p>
    <p>${escapeHtml(lines[0] ?? '')}</p>
    <p>${escapeHtml(lines[2] ?? '')}</p>
    <p>${escapeHtml(lines[3] ?? '')}</p>
  </body>
</html>
`
  return { subject, text: lines.join('\n'), html }
}
