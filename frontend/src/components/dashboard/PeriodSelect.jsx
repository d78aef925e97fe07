/** A dashboard block's period filter: the three periods of the call, labelled for the block. */
import { Select } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PERIODS } from './dashboardModel'

export default function PeriodSelect({ block, value, onChange }) {
  const { t } = useTranslation()
  return (
    <Select size="sm" w={190} value={value} allowDeselect={false} checkIconPosition="right"
      aria-label={t(`dashboard.${block}.filter`)}
      data={PERIODS.map((period) => ({ value: period, label: t(`dashboard.${block}.periods.${period}`) }))}
      onChange={(next) => next && onChange(next)} comboboxProps={{ withinPortal: true }} />
  )
}
