export { FoyerWagmiSync, useFoyerWagmiSync } from '../FoyerWagmiSync'
export {
  type FoyerConnector,
  type FoyerConnectorProperties,
  type FoyerParameters,
  foyer,
  foyerConnectorType,
} from '../foyer'
