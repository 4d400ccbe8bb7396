import { Permissions as P } from '../../components'

/** Permission names of the import files and runs pages (src/api/gen/permissions.ts). */
export const RunsPermissions = {
  ImportFiles: P['Optimization.ImportFiles'],
  Upload: P['Optimization.ImportFiles.Upload'],
  Delete: P['Optimization.ImportFiles.Delete'],
  Runs: P['Optimization.Runs'],
  Start: P['Optimization.Runs.Start'],
  Cancel: P['Optimization.Runs.Cancel'],
  Download: P['Optimization.Runs.Download'],
} as const
