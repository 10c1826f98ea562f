// The OAuth actions the provider and the link hook load on demand. Imported by name here (never as the
// `@foyer/core/oauth` namespace), so that a dynamic `import()` of this module loads only these and their
// code, not every export of the entry (the landing imports `openOAuthPopup` from it statically).
export { handleOAuthReturn, unlinkOAuth } from '@foyer/core/oauth'
