import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatIsoDate } from '#shared/dates.ts';
import type { TDashboard } from '#shared/schemas/admin.ts';

/** Occupancy night by night over the next 30 days (lazy: recharts only loads on the dashboard). */
export default function OccupancyChart({ nights }: { nights: TDashboard['occupancy']['byDay'] }) {
  return (
    <BarChart
      h={180}
      data={nights.map((n) => ({ night: formatIsoDate(n.date), Occupancy: Math.round(n.rate * 1000) / 10 }))}
      dataKey="night"
      series={[{ name: 'Occupancy', color: 'teal.9' }]}
      valueFormatter={(v) => `${v}%`}
      yAxisProps={{ domain: [0, 100] }}
      unit="%"
      tickLine="y"
      xAxisProps={{ interval: 6 }}
      // The card tells these figures to screen readers as a table, so the chart is decoration only.
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
