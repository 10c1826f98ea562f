// The cross-app actions the hooks load on demand, imported by name (see `OAuthStatus/oauthActions.ts`).
export { sendCrossAppRequest } from '@foyer/core/cross-app'
