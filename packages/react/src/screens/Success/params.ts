/** Params of the success screen: which confirmation to show (default: signed in). */
export type SuccessParams = { detail?: 'linked' | 'updated' } | undefined
