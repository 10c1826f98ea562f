import type { BrowserContext, CDPSession, Page } from 'playwright-core'

/**
 * Adds Chromium's virtual authenticator to `page` (CDP WebAuthn domain): a platform authenticator (CTAP2,
 * internal transport) with resident keys and user verification, which answers without UI. Answers the CDP
 * session and the authenticator's id, for `WebAuthn.getCredentials` / `WebAuthn.setUserVerified`.
 */
export async function addVirtualAuthenticator(
  context: BrowserContext,
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}
