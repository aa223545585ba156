import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatMoney } from '#shared/money.ts';

const monthLabel = (m: string) =>
  new Date(`${m}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** Revenue by month (lazy: recharts only loads on the dashboard). */
export default function RevenueChart({ data }: { data: { month: string; revenue: number }[] }) {
  return (
    <BarChart
      h={240}
      data={data.map((d) => ({ month: monthLabel(d.month), Revenue: d.revenue }))}
      dataKey="month"
      series={[{ name: 'Revenue', color: 'blue.7' }]}
      valueFormatter={(v) => formatMoney(v, 'USD', { whole: true })}
      tickLine="y"
    />
  );
}
