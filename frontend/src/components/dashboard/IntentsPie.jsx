/** The most requested intents of the selected page (spec 001 §2): a pie chart (chart.js) and its legend with
 *  the counts, and the period filter (all by default). */
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core'
import { ArcElement, Chart as ChartJS, Tooltip } from 'chart.js'
import { useState } from 'react'
import { Pie } from 'react-chartjs-2'
import { useTranslation } from 'react-i18next'
import { dashboardApi } from '../../api/dashboard'
import DashboardBlock from './DashboardBlock'
import { INTENTS_DEFAULT_PERIOD, formatCount, intentTitle, topIntents } from './dashboardModel'
import useDashboardData from './useDashboardData'

ChartJS.register(ArcElement, Tooltip)

export default function IntentsPie({ page }) {
  const { t, i18n } = useTranslation()
  const [period, setPeriod] = useState(INTENTS_DEFAULT_PERIOD)
  const data = useDashboardData(dashboardApi.intents, page, period)
  const intents = topIntents(data.rows)
  const titles = intents.map((row) => intentTitle(row, i18n.language))
  const chart = {
    labels: titles,
    datasets: [{ data: intents.map((row) => row.value), backgroundColor: intents.map((row) => row.color),
      borderColor: '#fff', borderWidth: 2 }],
  }
  return (
    <DashboardBlock block="intents" period={period} onPeriod={setPeriod} data={data} empty={intents.length === 0}>
      <Group align="center" justify="center" gap="xl" wrap="wrap">
        <Box w={220} h={220} role="img" aria-label={t('dashboard.intents.chart')}>
          <Pie data={chart} options={{ responsive: true, maintainAspectRatio: false, animation: false,
            plugins: { legend: { display: false } } }} />
        </Box>
        <Stack gap="xs" className="dashboard__intent-list" miw={200}>
          {intents.map((row, index) => (
            <Group key={row.name} gap="sm" wrap="nowrap" justify="space-between" data-intent={row.name}>
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={row.color} size={14} withShadow={false} />
                <Text size="sm" className="dashboard__intent-title">{titles[index]}</Text>
              </Group>
              <Text size="sm" fw={700} className="dashboard__intent-value">{formatCount(row.value, i18n.language)}</Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </DashboardBlock>
  )
}
