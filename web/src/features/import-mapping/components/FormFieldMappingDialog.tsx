import { useMemo, useState } from 'react'
import { App, Col, Form, Input, Row, Select, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { useDictionaries, useFormMappingMutations, useModuleTypes } from '../api'
import { toFieldRule, toRow, type RuleRow } from '../ruleRows'
import { checkRules, formMappingLimits, hasProblems, maxRule, requiredRule, type RuleProblems } from '../rules'
import { showFieldErrors, sortSaveErrors, validated } from '../serverErrors'
import type { FormFieldMapping, FormFieldMappingBody } from '../types'
import { RuleEditor } from './RuleEditor'
import { serverRuleProblems } from './ruleProblems'

export interface FormFieldMappingDialogProps {
  /** The mapping to edit, `{}` to create one, null when closed. */
  mapping: Partial<FormFieldMapping> | null
  onClose: () => void
}

interface Values {
  name: string
  mappingType?: number
  isEnable: boolean
  description: string
}

const FORM_FIELDS = new Set(['name', 'mappingType', 'isEnable', 'description'])

function toValues(m: Partial<FormFieldMapping>): Values {
  return { name: m.name ?? '', mappingType: m.mappingType ?? undefined, isEnable: m.isEnable ?? true, description: m.description ?? '' }
}

export function toFormMappingBody(v: Values, rows: readonly RuleRow[], concurrencyStamp?: string): FormFieldMappingBody {
  const description = v.description.trim()
  return {
    name: v.name.trim(),
    mappingType: v.mappingType ?? 0,
    isEnable: v.isEnable,
    ...(description ? { description } : {}),
    mappingRules: rows.map(toFieldRule),
    ...(concurrencyStamp ? { concurrencyStamp } : {}),
  }
}

/**
 * Create or edit a form field mapping: name, mapping type (whose fields the rules target),
 * enabled, description, and rules that read a member path of a JSON document (a form's data, a
 * design platform's order) into a field.
 */
export function FormFieldMappingDialog({ mapping, onClose }: FormFieldMappingDialogProps) {
  const { t } = useTranslation('import-mapping')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { save } = useFormMappingMutations()
  const moduleTypes = useModuleTypes()
  const dictionaries = useDictionaries(!!mapping)
  const [rows, setRows] = useState<RuleRow[]>([])
  const [tried, setTried] = useState(false)
  const [serverProblems, setServerProblems] = useState<RuleProblems | null>(null)
  const editing = !!mapping?.id

  useWhenChanged(mapping, (m) => {
    if (!m) return
    form.resetFields()
    form.setFieldsValue(toValues(m))
    setRows((m.mappingRules ?? []).map(toRow))
    setTried(false)
    setServerProblems(null)
  })

  const mappingType = Form.useWatch('mappingType', form)
  const fields = useMemo(() => moduleTypes.data?.find((m) => m.moduleType === mappingType)?.fields ?? [], [moduleTypes.data, mappingType])
  const localProblems = checkRules(rows, t, { source: 'field', fields, dictionaries: dictionaries.data })
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
      await save.mutateAsync({ id: mapping.id, body: toFormMappingBody(values, rows, mapping.concurrencyStamp) })
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

  return (
    <SaveModal
      open={!!mapping}
      width={1180}
      title={editing ? t('formMapping.editTitle', { name: mapping?.name }) : t('formMapping.createTitle')}
      saving={save.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="form-mapping-save"
    >
      <Form form={form} layout="vertical" initialValues={toValues({})} data-testid="form-mapping-form">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="name" label={t('field.name')} rules={[requiredRule(t('rule.nameRequired')), maxRule(t, formMappingLimits.name.maxLength)]}>
              <Input autoFocus onPressEnter={() => void submit()} data-testid="form-mapping-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="mappingType" label={t('field.mappingType')} rules={[{ required: true, message: t('rule.mappingTypeRequired') }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={moduleTypes.isPending}
                placeholder={t('chooseModuleType')}
                options={(moduleTypes.data ?? []).map((m) => ({ value: m.moduleType, label: m.displayName }))}
                onChange={(next: number) => {
                  const names = new Set(moduleTypes.data?.find((m) => m.moduleType === next)?.fields.map((f) => f.name) ?? [])
                  changeRows(rows.map((r) => (r.fieldName && !names.has(r.fieldName) ? { ...r, fieldName: '' } : r)))
                }}
                data-testid="form-mapping-mappingType"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={2}>
            <Form.Item name="isEnable" label={t('field.isEnable')} valuePropName="checked">
              <Switch data-testid="form-mapping-isEnable" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="description" label={t('field.description')} rules={[maxRule(t, formMappingLimits.description.maxLength)]}>
              <Input onPressEnter={() => void submit()} data-testid="form-mapping-description" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('rules.title')}
      </Typography.Title>
      <RuleEditor
        source="field"
        rows={rows}
        onChange={changeRows}
        fields={fields}
        fieldsHint={mappingType ? undefined : t('rules.chooseMappingTypeFirst')}
        dictionaries={dictionaries.data ?? []}
        dictionariesLoading={dictionaries.isPending}
        dictionariesFailed={dictionaries.isError}
        problems={problems}
      />
    </SaveModal>
  )
}
