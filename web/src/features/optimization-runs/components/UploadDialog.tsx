import { useState } from 'react'
import { Alert, App, Button, Form, Select, Space, Tag } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { failureMessage } from '../../optimization-settings/serverErrors'
import { importSettingsQuery, useRunsMutations } from '../api'

/** The upload dialog: a cut-list setting (the default first) and one file; the server's refusal shows in the dialog. */
export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('optimization-runs')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const settings = useQuery({ ...importSettingsQuery(), enabled: open })
  const { upload } = useRunsMutations()
  const [settingId, setSettingId] = useState<string | undefined>()
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [checked, setChecked] = useState(false)

  useWhenChanged(open, (o) => {
    if (!o) return
    setFile(null)
    setError(null)
    setChecked(false)
  })
  useWhenChanged(settings.data, (list) => {
    if (list && list.length > 0 && !settingId) setSettingId(list[0].id)
  })

  const save = async () => {
    setChecked(true)
    if (!settingId || !file) return
    setError(null)
    try {
      const f = await upload.mutateAsync({ file, importFileSettingId: settingId })
      message.success(t('upload.uploaded', { name: f.fileName, parts: f.parts, pieces: f.pieces }))
      onClose()
    } catch (e) {
      setError(failureMessage(e, tApp))
    }
  }

  return (
    <SaveModal open={open} title={t('upload.title')} saving={upload.isPending} onCancel={onClose} onSave={() => void save()} saveTestId="upload-save">
      <Form layout="vertical" data-testid="upload-form">
        <Form.Item label={t('upload.setting')} required validateStatus={checked && !settingId ? 'error' : undefined} help={checked && !settingId ? t('upload.settingRequired') : undefined}>
          <Select
            value={settingId}
            onChange={setSettingId}
            loading={settings.isPending}
            data-testid="upload-setting"
            options={(settings.data ?? []).map((s) => ({
              value: s.id,
              label: (
                <Space size={4}>
                  {s.name}
                  {s.isDefault ? <Tag color="blue">{t('upload.default')}</Tag> : null}
                </Space>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('upload.file')} required validateStatus={checked && !file ? 'error' : undefined} help={checked && !file ? t('upload.fileRequired') : undefined}>
          <Space>
            <Button icon={<UploadOutlined />} onClick={() => document.getElementById('optimization-upload-file')?.click()}>
              {t('upload.pick')}
            </Button>
            {file ? <span data-testid="upload-file-name">{file.name}</span> : null}
          </Space>
          <input
            id="optimization-upload-file"
            type="file"
            accept=".xlsx,.csv,.json"
            hidden
            data-testid="upload-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null)
              setError(null)
              e.target.value = ''
            }}
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={<span style={{ whiteSpace: 'pre-wrap' }}>{error}</span>} data-testid="upload-error" /> : null}
    </SaveModal>
  )
}
