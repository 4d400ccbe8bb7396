import { useMemo, useState } from 'react'
import { Alert, App, Col, Divider, Form, Input, InputNumber, Row, Select, Spin, Switch, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { getRuleMapping, mappingKeys, useDictionaries, useModuleTypes, useRuleMappingMutations } from '../api'
import { toColumnRule, toRow, type RuleRow } from '../ruleRows'
import { checkRules, defaultNeedsEnabled, hasProblems, mappingLimits, maxRule, requiredRule, type RuleProblems } from '../rules'
import { showFieldErrors, sortSaveErrors, validated } from '../serverErrors'
import type { ImportFileEncoding, ImportFileType, ImportRuleMapping, ImportRuleMappingBody } from '../types'
import { RuleEditor } from './RuleEditor'
import { PreviewPanel } from './PreviewPanel'
import { serverRuleProblems } from './ruleProblems'

export interface ImportRuleMappingDialogProps {
  /** The mapping to edit, `{}` to create one, null when closed. */
  mapping: Partial<ImportRuleMapping> | null
  onClose: () => void
}

interface Values {
  name: string
  moduleType?: number
  importFileType: ImportFileType
  importFileEncoding: ImportFileEncoding
  readRows: number
  isDefault: boolean
  isEnable: boolean
  description: string
}

const FORM_FIELDS = new Set(['name', 'moduleType', 'importFileType', 'importFileEncoding', 'readRows', 'isDefault', 'isEnable', 'description'])
const FILE_TYPES: ImportFileType[] = [0, 1]
const ENCODINGS: ImportFileEncoding[] = [3, 1, 2]

function toValues(m: Partial<ImportRuleMapping>): Values {
  return {
    name: m.name ?? '',
    moduleType: m.moduleType ?? undefined,
    importFileType: m.importFileType === 1 ? 1 : 0,
    importFileEncoding: m.importFileEncoding === 1 || m.importFileEncoding === 2 ? m.importFileEncoding : 3,
    readRows: m.readRows ?? 1,
    isDefault: m.isDefault ?? false,
    isEnable: m.isEnable ?? true,
    description: m.description ?? '',
  }
}

export function toRuleMappingBody(v: Values, rows: readonly RuleRow[], concurrencyStamp?: string): ImportRuleMappingBody {
  const description = v.description.trim()
  return {
    name: v.name.trim(),
    moduleType: v.moduleType ?? 0,
    importFileType: v.importFileType,
    importFileEncoding: v.importFileEncoding,
    readRows: v.readRows,
    isDefault: v.isDefault,
    isEnable: v.isEnable,
    ...(description ? { description } : {}),
    mappingRules: rows.map(toColumnRule),
    ...(concurrencyStamp ? { concurrencyStamp } : {}),
  }
}

/**
 * Create or edit an import rule mapping: its general fields (name, module type, file type, the
 * encoding of a .csv, header rows, default, enabled, description) and its rules; a saved mapping
 * can be tried on a file (the first rows as typed values and every error).
 */
export function ImportRuleMappingDialog({ mapping, onClose }: ImportRuleMappingDialogProps) {
  const { t } = useTranslation('import-mapping')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { save } = useRuleMappingMutations()
  const moduleTypes = useModuleTypes()
  const dictionaries = useDictionaries(!!mapping)
  const [rows, setRows] = useState<RuleRow[]>([])
  const [tried, setTried] = useState(false)
  const [serverProblems, setServerProblems] = useState<RuleProblems | null>(null)
  const id = mapping?.id
  const editing = !!id

  // An edited mapping is read afresh (its rules and stamp as stored now).
  const fresh = useQuery({ queryKey: mappingKeys.ruleMapping(id ?? ''), queryFn: () => getRuleMapping(id as string), enabled: !!id, gcTime: 0 })
  const source: Partial<ImportRuleMapping> | null = mapping ? (id ? (fresh.data ?? null) : mapping) : null

  // Another mapping (or a new one): nothing of the last one stays while this one loads.
  useWhenChanged(mapping, (m) => {
    if (!m) return
    form.resetFields()
    setRows([])
  })
  useWhenChanged(source, (m) => {
    if (!m) return
    form.resetFields()
    form.setFieldsValue(toValues(m))
    setRows((m.mappingRules ?? []).map(toRow))
    setTried(false)
    setServerProblems(null)
  })

  const moduleType = Form.useWatch('moduleType', form)
  const fileType = Form.useWatch('importFileType', form)
  const fields = useMemo(() => moduleTypes.data?.find((m) => m.moduleType === moduleType)?.fields ?? [], [moduleTypes.data, moduleType])
  const localProblems = checkRules(rows, t, { source: 'column', fields, dictionaries: dictionaries.data })
  const problems: RuleProblems = tried ? localProblems : (serverProblems ?? { rows: {} })

  const changeRows = (next: RuleRow[]) => {
    setRows(next)
    setServerProblems(null)
  }

  const submit = async () => {
    if (!mapping || save.isPending) return
    setTried(true)
    const values = await validated(form)
    if (!values || hasProblems(localProblems)) {
      if (values) message.error(t('rule.fixRules'))
      return
    }
    try {
      await save.mutateAsync({ id, body: toRuleMappingBody(values, rows, source?.concurrencyStamp) })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const sorted = sortSaveErrors(e, FORM_FIELDS, tApp)
      showFieldErrors(form, sorted.fields)
      setTried(false)
      setServerProblems(serverRuleProblems(rows, sorted.rules))
      if (sorted.message) message.error(sorted.message)
    }
  }

  const loading = editing && fresh.isPending
  return (
    <SaveModal
      open={!!mapping}
      width={1180}
      title={editing ? t('ruleMapping.editTitle', { name: mapping?.name }) : t('ruleMapping.createTitle')}
      saving={save.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="rule-mapping-save"
    >
      {editing && fresh.isError ? <Alert type="error" showIcon title={t('loadFailed')} /> : null}
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={toValues({})} data-testid="rule-mapping-form">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="name" label={t('field.name')} rules={[requiredRule(t('rule.nameRequired')), maxRule(t, mappingLimits.name.maxLength)]}>
                <Input autoFocus onPressEnter={() => void submit()} data-testid="rule-mapping-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="moduleType" label={t('field.moduleType')} rules={[{ required: true, message: t('rule.moduleTypeRequired') }]}>
                <Select
                  showSearch
                  optionFilterProp="label"
                  loading={moduleTypes.isPending}
                  placeholder={t('chooseModuleType')}
                  options={(moduleTypes.data ?? []).map((m) => ({ value: m.moduleType, label: m.displayName }))}
                  onChange={(next: number) => {
                    // Rules keep only the fields the new module type has.
                    const names = new Set(moduleTypes.data?.find((m) => m.moduleType === next)?.fields.map((f) => f.name) ?? [])
                    changeRows(rows.map((r) => (r.fieldName && !names.has(r.fieldName) ? { ...r, fieldName: '' } : r)))
                  }}
                  data-testid="rule-mapping-moduleType"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="importFileType" label={t('field.importFileType')}>
                <Select options={FILE_TYPES.map((v) => ({ value: v, label: t(`fileType.${v}`) }))} data-testid="rule-mapping-fileType" />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              {fileType === 1 ? (
                <Form.Item name="importFileEncoding" label={t('field.importFileEncoding')}>
                  <Select options={ENCODINGS.map((v) => ({ value: v, label: t(`encoding.${v}`) }))} data-testid="rule-mapping-encoding" />
                </Form.Item>
              ) : null}
            </Col>
            <Col xs={12} md={4}>
              <Form.Item
                name="readRows"
                label={t('field.readRows')}
                tooltip={t('field.readRowsHelp')}
                rules={[
                  { required: true, message: t('rule.readRowsRequired') },
                  {
                    type: 'number',
                    min: mappingLimits.readRows.minimum,
                    max: mappingLimits.readRows.maximum,
                    message: t('rule.between', { min: mappingLimits.readRows.minimum, max: mappingLimits.readRows.maximum }),
                  },
                ]}
              >
                <InputNumber
                  precision={0}
                  min={mappingLimits.readRows.minimum}
                  max={mappingLimits.readRows.maximum}
                  style={{ width: '100%' }}
                  onPressEnter={() => void submit()}
                  data-testid="rule-mapping-readRows"
                />
              </Form.Item>
            </Col>
            <Col xs={6} md={2}>
              <Form.Item name="isDefault" label={t('field.isDefault')} valuePropName="checked" tooltip={t('field.isDefaultHelp')} dependencies={['isEnable']} rules={[defaultNeedsEnabled(t)]}>
                <Switch data-testid="rule-mapping-isDefault" />
              </Form.Item>
            </Col>
            <Col xs={6} md={2}>
              <Form.Item name="isEnable" label={t('field.isEnable')} valuePropName="checked">
                <Switch data-testid="rule-mapping-isEnable" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="description" label={t('field.description')} rules={[maxRule(t, mappingLimits.description.maxLength)]}>
                <Input onPressEnter={() => void submit()} data-testid="rule-mapping-description" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('rules.title')}
        </Typography.Title>
        <RuleEditor
          source="column"
          rows={rows}
          onChange={changeRows}
          fields={fields}
          fieldsHint={moduleType ? undefined : t('rules.chooseModuleTypeFirst')}
          dictionaries={dictionaries.data ?? []}
          dictionariesLoading={dictionaries.isPending}
          dictionariesFailed={dictionaries.isError}
          problems={problems}
        />
        {editing && source?.id ? (
          <>
            <Divider />
            <PreviewPanel mappingId={source.id} />
          </>
        ) : null}
      </Spin>
    </SaveModal>
  )
}
