import { en } from './en'
import { enLater } from './enLater'
import type { Messages } from './Messages'

/**
 * The whole English copy in one object, the sign-in texts and those of the screens after sign-in (internal):
 * for code that runs outside the modal's loading order, such as tests. The page itself loads `enLater.ts`
 * lazily (`loadLaterEnglish`); importing this module bundles both.
 */
export const allEnglish: Messages = { ...en, ...enLater }
