/** 'One last step' takes no params (see `Terms.tsx`). */
export type TermsParams = undefined
