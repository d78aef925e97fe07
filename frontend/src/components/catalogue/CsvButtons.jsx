/** Import and export of the page's catalogue as CSV (docs/contracts.md "Catalogue"). An import with bad lines
 *  changes nothing: each line's number and reason is listed until the next import. */
import { Alert, Button, FileButton, Group, List, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { catalogueApi } from '../../api/catalogue'
import { useCatalogueStore } from '../../stores/catalogue'
import { useFeedbackStore } from '../../stores/feedback'

/** The line's reason in the reader's language, from its code; the server's English text for a code we do not know. */
const reasonOf = (t, bad) => t(`catalogue.csv.reasons.${bad.code}`, { ...bad.values, defaultValue: bad.reason })

export default function CsvButtons({ page }) {
  const { t } = useTranslation()
  const replace = useCatalogueStore((s) => s.replace)
  const flash = useCatalogueStore((s) => s.flash)
  const [busy, setBusy] = useState(null) // import | export
  const [badLines, setBadLines] = useState(null)
  const [imported, setImported] = useState(null)

  async function importFile(file) {
    if (!file) return
    setBusy('import')
    setBadLines(null)
    setImported(null)
    try {
      const body = await catalogueApi.importCsv(page.platform, page.id, file)
      if (Array.isArray(body?.lines)) setBadLines(body.lines)
      else {
        replace(body.data)
        setImported(body.imported)
      }
    } catch (e) {
      console.warn('import failed', e)
      flash({ key: 'catalogue.csv.importFailed' })
    } finally {
      setBusy(null)
    }
  }

  async function exportFile() {
    setBusy('export')
    try {
      const blob = await catalogueApi.exportCsv(page.platform, page.id)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = `catalogue-${page.platform}-${page.id}.csv`
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
    } catch (e) {
      console.warn('export failed', e)
      useFeedbackStore.getState().toast('catalogue.csv.exportFailed', 'error')
    } finally {
      setBusy(null)
    }
  }

  return (
    <>
      <Group gap="sm" wrap="wrap">
        <FileButton onChange={importFile} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} variant="light" loading={busy === 'import'} className="catalogue__import">
              {t('catalogue.csv.import')}
            </Button>
          )}
        </FileButton>
        <Button variant="light" onClick={exportFile} loading={busy === 'export'} className="catalogue__export">
          {t('catalogue.csv.export')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>{t('catalogue.csv.help')}</Text>
      {badLines && (
        <Alert color="red" variant="light" mt="sm" title={t('catalogue.csv.badLines')} className="catalogue__badLines"
          withCloseButton onClose={() => setBadLines(null)}>
          <List size="sm" spacing={2}>
            {badLines.map((bad) => (
              <List.Item key={`${bad.line}-${bad.reason}`} style={{ overflowWrap: 'anywhere' }}>
                {t(bad.line > 0 ? 'catalogue.csv.line' : 'catalogue.csv.wholeFile', { line: bad.line, reason: reasonOf(t, bad) })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {imported && (
        <Alert color="green" variant="light" mt="sm" className="catalogue__imported" withCloseButton
          onClose={() => setImported(null)}>
          {t('catalogue.csv.imported', imported)}
        </Alert>
      )}
    </>
  )
}
