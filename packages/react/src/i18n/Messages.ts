import type { en } from './en'
import type { enLater } from './enLater'

/** The whole English copy: the sign-in texts (`en.ts`) and those of the screens after sign-in (`enLater.ts`). */
type English = typeof en & typeof enLater

/** The shape every locale follows: the same keys as the English copy, any strings. */
export type Messages = {
  [Screen in keyof English]: { [Key in keyof English[Screen]]: string }
}
