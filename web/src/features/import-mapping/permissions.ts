import { Permissions as P, type PermissionName } from '../../components'

/**
 * Permission names of the import mapping screens (docs/decisions/0010, the menu table), taken
 * from the names the server defines (src/api/gen/permissions.ts), so a renamed one stops the build.
 */
export const MappingPermissions = {
  RuleMappings: P['BasicSetup.ImportRuleMappings'],
  RuleMappingsCreate: P['BasicSetup.ImportRuleMappings.Create'],
  RuleMappingsUpdate: P['BasicSetup.ImportRuleMappings.Update'],
  RuleMappingsDelete: P['BasicSetup.ImportRuleMappings.Delete'],
  FormMappings: P['BasicSetup.FormFieldMappings'],
  FormMappingsCreate: P['BasicSetup.FormFieldMappings.Create'],
  FormMappingsUpdate: P['BasicSetup.FormFieldMappings.Update'],
  FormMappingsDelete: P['BasicSetup.FormFieldMappings.Delete'],
  SplitMappings: P['BasicSetup.ImportSplitMappings'],
  SplitMappingsCreate: P['BasicSetup.ImportSplitMappings.Create'],
  SplitMappingsUpdate: P['BasicSetup.ImportSplitMappings.Update'],
  SplitMappingsDelete: P['BasicSetup.ImportSplitMappings.Delete'],
} as const

/** What each action of one mapping page needs. */
export interface PagePermissions {
  create: PermissionName
  update: PermissionName
  remove: PermissionName
}

export const rulePagePermissions: PagePermissions = {
  create: MappingPermissions.RuleMappingsCreate,
  update: MappingPermissions.RuleMappingsUpdate,
  remove: MappingPermissions.RuleMappingsDelete,
}
export const formPagePermissions: PagePermissions = {
  create: MappingPermissions.FormMappingsCreate,
  update: MappingPermissions.FormMappingsUpdate,
  remove: MappingPermissions.FormMappingsDelete,
}
export const splitPagePermissions: PagePermissions = {
  create: MappingPermissions.SplitMappingsCreate,
  update: MappingPermissions.SplitMappingsUpdate,
  remove: MappingPermissions.SplitMappingsDelete,
}
