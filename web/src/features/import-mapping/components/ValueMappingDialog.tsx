import { useRef, useState } from 'react'
import { Alert, Button, Empty, Flex, Input, Modal, Radio, Select, Space, Table, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useWhenChanged } from '../../../components'
import type { RuleRow } from '../ruleRows'
import { checkMapping } from '../rules'
import type { DictionaryWithDetails, ItemMapping } from '../types'

export interface ValueMappingDialogProps {
  /** The row whose mapping is edited, null when closed. */
  row: RuleRow | null
  /** The target field's name as the user sees it. */
  fieldLabel: string
  dictionaries: readonly DictionaryWithDetails[]
  dictionariesLoading?: boolean
  dictionariesFailed?: boolean
  onClose: () => void
  /** The new mapping of the row: kind, pairs and dictionary code. */
  onApply: (m: Pick<RuleRow, 'mappingKind' | 'itemsMapping' | 'dictionaryCode'>) => void
}

type Kind = 'inline' | 'dictionary'

/**
 * The value mapping of an enumeration or boolean rule: either its own list of source → target
 * pairs (the cell's text → the stored value), edited here, or the items of a data dictionary
 * chosen from every dictionary there is, shown read-only (a cell matches an item's label or code
 * and becomes its value).
 */
export function ValueMappingDialog({ row, fieldLabel, dictionaries, dictionariesLoading, dictionariesFailed, onClose, onApply }: ValueMappingDialogProps) {
  const { t } = useTranslation('import-mapping')
  const [kind, setKind] = useState<Kind>('inline')
  const [pairs, setPairs] = useState<ItemMapping[]>([])
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [focusPair, setFocusPair] = useState<number | null>(null)
  const box = useRef<HTMLDivElement>(null)

  useWhenChanged(row, (r) => {
    if (!r) return
    setKind(r.mappingKind === 'dictionary' ? 'dictionary' : 'inline')
    setPairs(r.itemsMapping.length ? r.itemsMapping.map((p) => ({ ...p })) : [{ source: '', target: '' }])
    setCode(r.dictionaryCode)
    setProblem(null)
    setFocusPair(null)
  })

  const chosen = dictionaries.find((d) => d.code === code)
  const setPair = (i: number, patch: Partial<ItemMapping>) => setPairs((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)))
  const addPair = () => {
    setPairs((ps) => [...ps, { source: '', target: '' }])
    setFocusPair(pairs.length)
  }
  const removePair = (i: number) => setPairs((ps) => ps.filter((_, j) => j !== i))

  const apply = () => {
    if (!row) return
    // Blank lines (both sides empty) are left out rather than refused.
    const kept = pairs.filter((p) => p.source.trim() || p.target.trim())
    const next: Pick<RuleRow, 'mappingKind' | 'itemsMapping' | 'dictionaryCode'> =
      kind === 'dictionary'
        ? { mappingKind: 'dictionary', itemsMapping: [], dictionaryCode: code }
        : { mappingKind: kept.length ? 'inline' : 'none', itemsMapping: kept, dictionaryCode: '' }
    const msg = checkMapping({ ...row, ...next, mappingKind: kind === 'inline' ? 'inline' : 'dictionary' }, t, dictionaries)
    if (msg) {
      setProblem(msg)
      return
    }
    onApply(next)
  }

  return (
    <Modal
      open={!!row}
      title={t('mapping.title', { field: fieldLabel || t('mapping.thisRule') })}
      width={640}
      onCancel={onClose}
      onOk={apply}
      okText={t('mapping.apply')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-testid': 'mapping-apply' }}
      destroyOnHidden
    >
      <div ref={box} data-testid="mapping-dialog">
        <Radio.Group
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind)
            setProblem(null)
          }}
          optionType="button"
          style={{ marginBottom: 12 }}
          options={[
            { value: 'inline', label: <span data-testid="mapping-kind-inline">{t('mapping.inline')}</span> },
            { value: 'dictionary', label: <span data-testid="mapping-kind-dictionary">{t('mapping.dictionary')}</span> },
          ]}
        />
        {kind === 'inline' ? (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('mapping.inlineHelp')}
            </Typography.Paragraph>
            <Flex vertical gap={6} data-testid="mapping-pairs">
              <Flex gap={8}>
                <Typography.Text strong style={{ flex: 1 }}>
                  {t('mapping.source')}
                </Typography.Text>
                <Typography.Text strong style={{ flex: 1 }}>
                  {t('mapping.target')}
                </Typography.Text>
                <span style={{ width: 32 }} />
              </Flex>
              {pairs.map((p, i) => (
                <Flex gap={8} key={i} data-testid="mapping-pair">
                  <Input
                    style={{ flex: 1 }}
                    value={p.source}
                    autoFocus={focusPair === i}
                    aria-label={`${t('mapping.source')} ${i + 1}`}
                    onChange={(e) => setPair(i, { source: e.target.value })}
                    data-testid="mapping-source"
                  />
                  <Input
                    style={{ flex: 1 }}
                    value={p.target}
                    aria-label={`${t('mapping.target')} ${i + 1}`}
                    onChange={(e) => setPair(i, { target: e.target.value })}
                    // Enter on the last target adds the next pair: pairs are typed without the mouse.
                    onPressEnter={(e) => {
                      e.preventDefault()
                      if (i === pairs.length - 1) addPair()
                    }}
                    data-testid="mapping-target"
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('mapping.removePair', { n: i + 1 })}
                    onClick={() => removePair(i)}
                    data-testid="mapping-remove"
                  />
                </Flex>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={addPair} data-testid="mapping-add">
                {t('mapping.addPair')}
              </Button>
            </Flex>
          </>
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('mapping.dictionaryHelp')}</Typography.Text>
            {dictionariesFailed ? <Alert type="error" showIcon title={t('mapping.dictionariesFailed')} /> : null}
            <Select
              showSearch
              allowClear
              style={{ width: '100%' }}
              loading={dictionariesLoading}
              placeholder={t('mapping.chooseDictionary')}
              value={code || undefined}
              onChange={(v: string | undefined) => {
                setCode(v ?? '')
                setProblem(null)
              }}
              optionFilterProp="label"
              options={dictionaries.map((d) => ({ value: d.code, label: `${d.displayName} (${d.code})` }))}
              notFoundContent={dictionariesLoading ? t('loading') : t('mapping.noDictionaries')}
              data-testid="mapping-dictionary"
            />
            {chosen ? (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={chosen.details ?? []}
                scroll={{ y: 240 }}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mapping.noItems')} /> }}
                columns={[
                  { key: 'label', title: t('mapping.itemLabel'), dataIndex: 'label' },
                  { key: 'code', title: t('mapping.itemCode'), dataIndex: 'code' },
                  { key: 'value', title: t('mapping.itemValue'), dataIndex: 'value' },
                ]}
                data-testid="mapping-items"
              />
            ) : null}
          </Space>
        )}
        {problem ? (
          <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} data-testid="mapping-problem" />
        ) : null}
      </div>
    </Modal>
  )
}
