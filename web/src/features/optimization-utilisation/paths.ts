/** The pages' paths (internal/optimization/menus_utilisation.go). */
export const LIST_PATH = '/engineOptimization/utilizationRateByFileList'
export const DETAIL_PATH = '/engineOptimization/utilizationRateByFileListDtl'

/** The detail page of a file (of one run of it when runId is given). */
export const detailPath = (importFileId: string, runId?: string) =>
  `${DETAIL_PATH}?id=${encodeURIComponent(importFileId)}${runId ? `&run=${encodeURIComponent(runId)}` : ''}`
