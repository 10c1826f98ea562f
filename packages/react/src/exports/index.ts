export type { FoyerAppearance, FoyerConfig } from '../FoyerProvider/FoyerConfig'
export { FoyerProvider, type FoyerProviderProps } from '../FoyerProvider/FoyerProvider'
export { type UseFoyerReturnType, useFoyer } from '../hooks/useFoyer'
