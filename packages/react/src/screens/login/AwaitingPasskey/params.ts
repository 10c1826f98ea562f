/** Params of the awaiting-passkey screen: the captcha token its sign-in carries (apps with a captcha). */
export type AwaitingPasskeyParams = { captchaToken: string } | undefined
