import { OAUTH_POPUP_RETURN_PATH, OAUTH_POPUP_RETURN_TO_PARAMETER } from '@foyer/protocol'

/**
 * The `redirect_to` of a popup that returns to the Foyer server's own return page (docs/modal.md "The
 * popup's return page"): `{apiUrl}/api/v1/oauth/popup_return?return_to={page}`. The server checks that
 * `page` is on one of the app's allowed origins and posts the code to the opener at that origin.
 *
 * @param apiUrl - the Foyer server's base URL (its public URL), e.g. `'https://auth.example.com'`
 * @param page - the app's page: where the popup goes on when it lost its opener
 * @example oauthPopupReturnUrl('https://auth.example.com', 'https://shop.example/') // 'https://auth.example.com/api/v1/oauth/popup_return?return_to=https%3A%2F%2Fshop.example%2F'
 * @internal
 */
export function oauthPopupReturnUrl(apiUrl: string, page: string): string {
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}${OAUTH_POPUP_RETURN_PATH}`)
  url.searchParams.set(OAUTH_POPUP_RETURN_TO_PARAMETER, page)
  return url.toString()
}
