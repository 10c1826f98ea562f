// The package build (`npm run build -w @foyer/server`): bundles the wallet frame's browser scripts into
// dist/wallet-frame, so that a production server serves them without running esbuild.
import '../../../scripts/registerSources.mjs'

const { bundleWalletFrame } = await import('../src/features/walletFrame/bundleWalletFrame.ts')
const { WALLET_FRAME_DIST_DIR, writeWalletFrameBundle } = await import(
  '../src/features/walletFrame/prebuiltWalletFrame.ts'
)
const bundle = await bundleWalletFrame()
await writeWalletFrameBundle(bundle, WALLET_FRAME_DIST_DIR)
process.stdout.write(
  `wallet frame built: ${bundle.frame.fileName}, ${bundle.export.fileName} in ${WALLET_FRAME_DIST_DIR}\n`,
)
