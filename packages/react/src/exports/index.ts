// Types only: the smart-wallet code loads when the hook first builds a client.
export type { SmartWalletClient, SmartWalletError } from '@foyer/core/smart-wallets'
export { CrossAppAuthorize, type CrossAppAuthorizeProps } from '../crossApp/CrossAppAuthorize'
export { CrossAppTransact } from '../crossApp/CrossAppTransact'
export type {
  FoyerAppearance,
  FoyerCaptchaConfig,
  FoyerConfig,
  FoyerFundingConfig,
  FoyerIntlConfig,
  FoyerLegalConfig,
  FoyerLoginMethod,
  FoyerOAuthConfig,
  FoyerTelegramConfig,
} from '../FoyerProvider/FoyerConfig'
export type { FoyerLoginOptions } from '../FoyerProvider/FoyerLoginOptions'
export { FoyerProvider, type FoyerProviderProps } from '../FoyerProvider/FoyerProvider'
export { type UseConnectWalletReturnType, useConnectWallet } from '../hooks/useConnectWallet'
export { useCreateSolanaWallet } from '../hooks/useCreateSolanaWallet'
export { useCreateWallet } from '../hooks/useCreateWallet'
export type { UseCreateWalletOptions, UseCreateWalletReturnType } from '../hooks/useCreateWalletOf'
export {
  type CrossAppTransactionRequest,
  type UseCrossAppAccountsReturnType,
  useCrossAppAccounts,
} from '../hooks/useCrossAppAccounts'
export { type UseDelegatedActionsReturnType, useDelegatedActions } from '../hooks/useDelegatedActions'
export { type UseExportWalletReturnType, useExportWallet } from '../hooks/useExportWallet'
export {
  type ApprovedFarcasterSigner,
  type UseFarcasterSignerReturnType,
  useFarcasterSigner,
} from '../hooks/useFarcasterSigner'
export { type UseFoyerReturnType, useFoyer } from '../hooks/useFoyer'
export { useFoyerClient } from '../hooks/useFoyerClient'
export { type UseFundWalletReturnType, useFundWallet } from '../hooks/useFundWallet'
export { type UseImportWalletReturnType, useImportWallet } from '../hooks/useImportWallet'
export { type UseLinkCustomAuthReturnType, useLinkCustomAuth } from '../hooks/useLinkCustomAuth'
export { type UseLinkEmailReturnType, useLinkEmail } from '../hooks/useLinkEmail'
export { type UseLinkFarcasterReturnType, useLinkFarcaster } from '../hooks/useLinkFarcaster'
export { type UseLinkOAuthReturnType, useLinkOAuth } from '../hooks/useLinkOAuth'
export { type UseLinkPasskeyReturnType, useLinkPasskey } from '../hooks/useLinkPasskey'
export { type UseLinkPhoneReturnType, useLinkPhone } from '../hooks/useLinkPhone'
export { type UseLinkTelegramReturnType, useLinkTelegram } from '../hooks/useLinkTelegram'
export { type UseLinkWalletReturnType, useLinkWallet } from '../hooks/useLinkWallet'
export { type UseMfaReturnType, useMfa, useRegisterMfaListener } from '../hooks/useMfa'
export { type UseMfaEnrollmentReturnType, useMfaEnrollment } from '../hooks/useMfaEnrollment'
export type { FoyerUser } from '../hooks/userShortcuts'
export {
  type UseSendSolanaTransactionOptions,
  type UseSendSolanaTransactionReturnType,
  useSendSolanaTransaction,
} from '../hooks/useSendSolanaTransaction'
export {
  type UseSendTransactionOptions,
  type UseSendTransactionReturnType,
  useSendTransaction,
} from '../hooks/useSendTransaction'
export { type UseSetWalletRecoveryReturnType, useSetWalletRecovery } from '../hooks/useSetWalletRecovery'
export {
  type UseSignMessageOptions,
  type UseSignMessageReturnType,
  useSignMessage,
} from '../hooks/useSignMessage'
export { type UseSignSolanaMessageReturnType, useSignSolanaMessage } from '../hooks/useSignSolanaMessage'
export { type UseSignTypedDataReturnType, useSignTypedData } from '../hooks/useSignTypedData'
export type { UseSmartWalletsReturnType } from '../hooks/useSmartWallets'
export { useSmartWallets } from '../hooks/useSmartWallets'
export {
  type ConnectedSolanaWallet,
  type UseSolanaWalletsReturnType,
  useSolanaWallets,
} from '../hooks/useSolanaWallets'
export { type UseUpdateEmailReturnType, useUpdateEmail } from '../hooks/useUpdateEmail'
export { type UseUpdatePhoneReturnType, useUpdatePhone } from '../hooks/useUpdatePhone'
export { type UseWalletConnectReturnType, useWalletConnect } from '../hooks/useWalletConnect'
export { type UseWalletDevicesReturnType, useWalletDevices } from '../hooks/useWalletDevices'
export type { ConnectedEthereumWallet, UseWalletsReturnType } from '../hooks/useWallets'
export { useWallets } from '../hooks/useWallets'
export type { MessagesOverride } from '../i18n/MessagesOverride'
export { darkTheme } from '../theme/darkTheme'
export type { FoyerTheme, FoyerThemeOverrides } from '../theme/FoyerTheme'
export { lightTheme } from '../theme/lightTheme'
