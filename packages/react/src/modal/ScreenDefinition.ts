import type { ComponentType } from 'react'
import type { Messages } from '../i18n/Messages'
import type { ScreenId, ScreenParamsMap, ScreenProps } from './screenParams'

/**
 * One entry of the modal's screen registry (`screens.ts`): the component, its title, its closability. Its
 * own module, apart from the registry, so that a login method's entry can define its screens without
 * importing the registry (which imports the entries).
 */
export type ScreenDefinition<Id extends ScreenId> = {
  /** The component; every screen but landing is lazily loaded (its own chunk). */
  component: ComponentType<ScreenProps<Id>>
  /** The screen's name, announced while its code loads. */
  title: (messages: Messages) => string
  /** Whether Escape, an outside click and the Close button may close the modal here. */
  closable: boolean | ((params: ScreenParamsMap[Id]) => boolean)
}

/** Registry entries for some screens: what a login method contributes (see `screens/login/LoginMethod.ts`). */
export type ScreenDefinitions = { [Id in ScreenId]?: ScreenDefinition<Id> }
