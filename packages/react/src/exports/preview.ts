// `@foyer/react/preview`: the modal's landing drawn for a given app configuration, for an operator console's
// live preview (docs/console.md#apps). Not part of the SDK's initial JavaScript: a subpath of its own.
export { LandingPreview, type LandingPreviewProps } from '../preview/LandingPreview'
