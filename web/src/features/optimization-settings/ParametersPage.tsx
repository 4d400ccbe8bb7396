import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { http, Permissions, usePermission } from '../../components'
import { PARAMETERS, useSettingsMutations, type ParameterBody, type ParameterSetting } from './api'
import { NumberSettingsPage, type NumberField } from './components/NumberSettings'
import { SettingsPermissions as P } from './permissions'

/** What a new parameter setting starts with (the demo's standard parameters). */
const DEFAULTS = { kerf: 4.4, trim: 10, stages: 3, firstCut: 0, minOffcutLength: 300, minOffcutWidth: 200, timeLimitSeconds: 5, rotate: true, useStockOffcuts: true }

/**
 * optimization-settings/parameters (decision 0013): how a run cuts — kerf, trim per edge, stages,
 * the first cut's direction, the smallest offcut kept, the engine's time limit, turning parts and
 * using stocked offcuts. Exactly one is the default.
 */
export function ParametersPage() {
  const { t } = useTranslation('optimization-settings')
  const { has } = usePermission()
  // The settings page's optimisation tab says whether new parameters use stocked offcuts; read
  // only by those who may read that tab (the server refuses the others).
  const mayReadSettings = has(Permissions['AbpSettingManagement.Settings']) && has(Permissions['Optimization.OptimizationSetting'])
  const tab = useQuery({
    queryKey: ['settings', '/api/app/optimization-setting'], // the settings page's key: a save there shows here
    queryFn: ({ signal }) => http.get<{ useStockOffcuts?: boolean }>('/api/app/optimization-setting', { signal, silent: true }),
    enabled: mayReadSettings,
  })
  const defaults = { ...DEFAULTS, useStockOffcuts: tab.data?.useStockOffcuts ?? DEFAULTS.useStockOffcuts }
  const { saveParameters, removeParameters } = useSettingsMutations()
  const mm = t('unitMm')
  const fields: NumberField[] = [
    { name: 'kerf', label: 'params.kerf', kind: 'number', min: 0, max: 20, precision: 2, unit: mm },
    { name: 'trim', label: 'params.trim', kind: 'number', min: 0, max: 50, precision: 1, unit: mm },
    { name: 'stages', label: 'params.stages', kind: 'number', min: 0, max: 9, precision: 0 },
    { name: 'firstCut', label: 'params.firstCut', kind: 'select', options: [0, 1, 2].map((v) => ({ value: v, label: t(`params.firstCuts.${v}`) })) },
    { name: 'minOffcutLength', label: 'params.minOffcutLength', kind: 'number', min: 0, max: 10000, precision: 0, unit: mm },
    { name: 'minOffcutWidth', label: 'params.minOffcutWidth', kind: 'number', min: 0, max: 10000, precision: 0, unit: mm },
    { name: 'timeLimitSeconds', label: 'params.timeLimitSeconds', kind: 'number', min: 1, max: 60, precision: 0, unit: t('unitSeconds') },
    { name: 'rotate', label: 'params.rotate', kind: 'switch' },
    { name: 'useStockOffcuts', label: 'params.useStockOffcuts', kind: 'switch' },
  ]
  return (
    <NumberSettingsPage<ParameterSetting, ParameterBody>
      testId="parameters"
      kind="parameters"
      base={PARAMETERS}
      save={saveParameters}
      remove={removeParameters}
      fields={fields}
      defaults={defaults}
      createTitle={t('params.createTitle')}
      editTitle={t('params.editTitle')}
      confirmDelete={(r) => t('params.confirmDelete', { name: r.name })}
      permissions={{ create: P.ParametersCreate, edit: P.ParametersEdit, remove: P.ParametersDelete }}
      columns={[
        { key: 'kerf', dataIndex: 'kerf', title: t('params.kerf'), width: 80, render: (v: number) => `${v} ${mm}` },
        { key: 'trim', dataIndex: 'trim', title: t('params.trim'), width: 80, render: (v: number) => `${v} ${mm}` },
        { key: 'stages', dataIndex: 'stages', title: t('params.stages'), width: 90, render: (v: number) => (v === 0 ? t('params.stagesUnlimited') : v) },
        { key: 'firstCut', dataIndex: 'firstCut', title: t('params.firstCut'), width: 110, render: (v: number) => t(`params.firstCuts.${v}`) },
        { key: 'minOffcut', title: t('params.minOffcut'), width: 120, render: (_v, r) => `${r.minOffcutLength} × ${r.minOffcutWidth}` },
        { key: 'timeLimitSeconds', dataIndex: 'timeLimitSeconds', title: t('params.timeLimitSeconds'), width: 100, render: (v: number) => `${v} ${t('unitSeconds')}` },
        { key: 'rotate', dataIndex: 'rotate', title: t('params.rotate'), width: 120, render: (v: boolean) => (v ? t('yes') : t('no')) },
        { key: 'useStockOffcuts', dataIndex: 'useStockOffcuts', title: t('params.useStockOffcuts'), width: 120, render: (v: boolean) => (v ? t('yes') : t('no')) },
      ]}
    />
  )
}
