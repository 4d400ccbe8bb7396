import { useEffect, useState } from 'react'
import { App, Alert, Button, Col, Input, Modal, Row, Segmented, Space, Spin, Tag, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, errorToMessage, useDebounced } from '../../../components'
import { CULTURES, contentQuery, previewQuery, useContentMutations, type TemplateDefinition } from '../api'

export interface ContentEditorProps {
  definition: TemplateDefinition
  canEdit: boolean
  onClose: () => void
}

function failure(e: unknown) {
  return e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
}

/** The content of one template per culture, with the server's preview of what is typed. */
export function ContentEditor({ definition, canEdit, onClose }: ContentEditorProps) {
  const { t } = useTranslation('text-templates')
  const { t: tApp } = useTranslation()
  const { message, modal } = App.useApp()
  const name = definition.name
  const [culture, setCulture] = useState<string>(definition.defaultCultureName || CULTURES[0])
  const stored = useQuery(contentQuery(name, culture))
  const [draft, setDraft] = useState<string | null>(null)
  // A newly loaded content (another culture, after a save or restore) replaces the draft.
  useEffect(() => setDraft(null), [stored.data?.content, culture])
  const text = draft ?? stored.data?.content ?? ''
  const dirty = draft !== null && draft !== stored.data?.content
  const settled = useDebounced(text, 400)
  const preview = useQuery({ ...previewQuery(name, culture, settled), enabled: !!stored.data && settled.trim() !== '' })
  const { save, restore } = useContentMutations()

  const doSave = async () => {
    if (text.trim() === '') {
      message.error(t('contentRequired'))
      return
    }
    try {
      await save.mutateAsync({ templateName: name, cultureName: culture, content: text })
      message.success(t('saved'))
    } catch (e) {
      message.error(errorToMessage(failure(e), tApp).message)
    }
  }
  const doRestore = () =>
    modal.confirm({
      title: t('tips'),
      content: t('confirmRestore', { name: definition.displayName || name, culture: t(`culture.${culture}`, culture) }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await restore.mutateAsync({ templateName: name, cultureName: culture })
          message.success(t('restored'))
        } catch (e) {
          message.error(errorToMessage(failure(e), tApp).message)
        }
      },
    })

  const previewError = preview.isError ? errorToMessage(failure(preview.error), tApp).message : null

  return (
    <Modal
      open
      width={1200}
      title={t('editorTitle', { name: definition.displayName || name })}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('close')}</Button>
          {canEdit ? (
            <>
              <Button danger disabled={!stored.data?.isOverridden} loading={restore.isPending} onClick={doRestore} data-testid="text-template-restore">
                {t('restore')}
              </Button>
              <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={doSave} data-testid="text-template-save">
                {t('save')}
              </Button>
            </>
          ) : null}
        </Space>
      }
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>{t('field.culture')}</Typography.Text>
        <Segmented
          value={culture}
          onChange={(v) => setCulture(String(v))}
          options={CULTURES.map((c) => ({ value: c, label: t(`culture.${c}`) }))}
          data-testid="text-template-culture"
        />
        {stored.data ? (
          stored.data.isOverridden ? (
            <Tag color="orange" data-testid="text-template-state">{t('overridden')}</Tag>
          ) : (
            <Tag data-testid="text-template-state">{t('default')}</Tag>
          )
        ) : null}
        {dirty ? <Tag color="gold">{t('unsaved')}</Tag> : null}
      </Space>
      <Row gutter={16}>
        <Col span={12}>
          <Typography.Text strong>{t('field.content')}</Typography.Text>
          <Spin spinning={stored.isPending}>
            <Input.TextArea
              value={text}
              onChange={(e) => setDraft(e.target.value)}
              readOnly={!canEdit}
              autoSize={{ minRows: 20, maxRows: 28 }}
              style={{ fontFamily: 'monospace', fontSize: 12, marginTop: 4 }}
              data-testid="text-template-content"
            />
          </Spin>
        </Col>
        <Col span={12}>
          <Space>
            <Typography.Text strong>{t('preview')}</Typography.Text>
            <Typography.Text type="secondary">{t('previewHint')}</Typography.Text>
          </Space>
          {previewError ? <Alert type="error" showIcon message={previewError} style={{ marginTop: 4 }} data-testid="text-template-preview-error" /> : null}
          <iframe
            title={t('preview')}
            sandbox=""
            srcDoc={preview.data?.html ?? ''}
            style={{ width: '100%', height: 480, border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, marginTop: 4, background: '#fff' }}
            data-testid="text-template-preview"
          />
        </Col>
      </Row>
    </Modal>
  )
}
