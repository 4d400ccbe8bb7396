import { useTranslation } from 'react-i18next'
import { MACHINES, useSettingsMutations, type MachineBody, type MachineSetting } from './api'
import { NumberSettingsPage, type NumberField } from './components/NumberSettings'
import { SettingsPermissions as P } from './permissions'

/** What a new saw starts with (the demo's HOLZMA HPP 380). */
const DEFAULTS = { maxLength: 3800, maxWidth: 2100, stages: 3, kerf: 4.4, channels: 4, bookHeight: 75, feedSpeed: 80, returnSpeed: 150, cutTime: 6, loadTime: 40 }

/**
 * optimization-settings/machines (decision 0013): the panel saws — largest board, stages, kerf,
 * the kanban's channels, book height, speeds and times that estimate saw time. Exactly one is the
 * default.
 */
export function MachinesPage() {
  const { t } = useTranslation('optimization-settings')
  const { saveMachine, removeMachine } = useSettingsMutations()
  const mm = t('unitMm')
  const s = t('unitSeconds')
  const speed = t('unitSpeed')
  const fields: NumberField[] = [
    { name: 'maxLength', label: 'machines.maxLength', kind: 'number', min: 0, above: true, max: 20000, precision: 0, unit: mm },
    { name: 'maxWidth', label: 'machines.maxWidth', kind: 'number', min: 0, above: true, max: 20000, precision: 0, unit: mm },
    { name: 'stages', label: 'machines.stages', kind: 'number', min: 0, max: 9, precision: 0 },
    { name: 'kerf', label: 'machines.kerf', kind: 'number', min: 0, max: 20, precision: 2, unit: mm },
    { name: 'channels', label: 'machines.channels', kind: 'number', min: 1, max: 20, precision: 0 },
    { name: 'bookHeight', label: 'machines.bookHeight', kind: 'number', min: 0, above: true, max: 500, precision: 0, unit: mm },
    { name: 'feedSpeed', label: 'machines.feedSpeed', kind: 'number', min: 0, above: true, max: 300, precision: 1, unit: speed },
    { name: 'returnSpeed', label: 'machines.returnSpeed', kind: 'number', min: 0, above: true, max: 300, precision: 1, unit: speed },
    { name: 'cutTime', label: 'machines.cutTime', kind: 'number', min: 0, max: 600, precision: 1, unit: s },
    { name: 'loadTime', label: 'machines.loadTime', kind: 'number', min: 0, max: 3600, precision: 0, unit: s },
  ]
  return (
    <NumberSettingsPage<MachineSetting, MachineBody>
      testId="machines"
      kind="machines"
      base={MACHINES}
      save={saveMachine}
      remove={removeMachine}
      fields={fields}
      defaults={DEFAULTS}
      createTitle={t('machines.createTitle')}
      editTitle={t('machines.editTitle')}
      confirmDelete={(r) => t('machines.confirmDelete', { name: r.name })}
      permissions={{ create: P.MachinesCreate, edit: P.MachinesEdit, remove: P.MachinesDelete }}
      columns={[
        { key: 'size', title: t('machines.size'), width: 130, render: (_v, r) => `${r.maxLength} × ${r.maxWidth}` },
        { key: 'stages', dataIndex: 'stages', title: t('machines.stages'), width: 80 },
        { key: 'kerf', dataIndex: 'kerf', title: t('machines.kerf'), width: 80, render: (v: number) => `${v} ${mm}` },
        { key: 'channels', dataIndex: 'channels', title: t('machines.channels'), width: 80 },
        { key: 'bookHeight', dataIndex: 'bookHeight', title: t('machines.bookHeight'), width: 100, render: (v: number) => `${v} ${mm}` },
        { key: 'speeds', title: `${t('machines.feedSpeed')} / ${t('machines.returnSpeed')}`, width: 160, render: (_v, r) => `${r.feedSpeed} / ${r.returnSpeed} ${speed}` },
        { key: 'times', title: `${t('machines.cutTime')} / ${t('machines.loadTime')}`, width: 160, render: (_v, r) => `${r.cutTime} / ${r.loadTime} ${s}` },
      ]}
    />
  )
}
