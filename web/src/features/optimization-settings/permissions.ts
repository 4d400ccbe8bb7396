import { Permissions as P } from '../../components'

/** Permission names of the optimisation settings pages, from the server's names (src/api/gen/permissions.ts). */
export const SettingsPermissions = {
  ImportFileSettings: P['Optimization.ImportFileSettings'],
  ImportFileSettingsCreate: P['Optimization.ImportFileSettings.Create'],
  ImportFileSettingsEdit: P['Optimization.ImportFileSettings.Edit'],
  ImportFileSettingsDelete: P['Optimization.ImportFileSettings.Delete'],
  Parameters: P['Optimization.Parameters'],
  ParametersCreate: P['Optimization.Parameters.Create'],
  ParametersEdit: P['Optimization.Parameters.Edit'],
  ParametersDelete: P['Optimization.Parameters.Delete'],
  Machines: P['Optimization.Machines'],
  MachinesCreate: P['Optimization.Machines.Create'],
  MachinesEdit: P['Optimization.Machines.Edit'],
  MachinesDelete: P['Optimization.Machines.Delete'],
} as const
