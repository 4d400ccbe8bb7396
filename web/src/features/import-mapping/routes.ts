import type { FeatureRoutes } from '../../app/pages'

/** The menu's component keys of the import mapping screens (docs/decisions/0010). */
export const routes: FeatureRoutes = {
  'basic-setup/import-rule-mappings/index': () => import('./ImportRuleMappingsPage').then((m) => m.ImportRuleMappingsPage),
  'basic-setup/form-field-mappings/index': () => import('./FormFieldMappingsPage').then((m) => m.FormFieldMappingsPage),
  'basic-setup/import-split-mappings/index': () => import('./ImportSplitMappingsPage').then((m) => m.ImportSplitMappingsPage),
}
