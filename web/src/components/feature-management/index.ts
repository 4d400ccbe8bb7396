export { FeaturesModal, type FeaturesModalProps } from './FeaturesModal'
export { featureKeys, featureKind, featuresQuery, toFormValues, toUpdate, type FeatureProvider } from './api'
