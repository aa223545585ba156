import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { toCsv } from '#shared/csv.ts';
import { formatMoney } from '#shared/money.ts';
import {
  defaultReportRange,
  monthsBetween,
  PAY_REPORT_MONTHS_MAX,
  REPORT_SOURCE_LABELS,
} from '#shared/schemas/report-terms.ts';
import type { TReportSummary } from '#shared/schemas/reports.ts';
import { scrollable } from '../../components/scrollable-region.ts';
import { lazyRetry } from '../../lib/lazy-retry.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { homeChoicesQuery, housekeepingPayQuery, reportQuery } from './api.ts';

const ReportChart = lazyRetry(() => import('./report-chart.tsx'));

const usd = (v: number) => formatMoney(v, 'USD');
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** Saves one table as a CSV file, written in the browser from what the page shows. */
function downloadCsv(name: string, header: string[], rows: (string | number)[][]) {
  const url = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

function ReportTable({
  title,
  file,
  header,
  rows,
}: {
  title: string;
  file: string;
  header: string[];
  rows: (string | number)[][];
}) {
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => downloadCsv(file, header, rows)}
          aria-label={`Download ${title} as CSV`}
        >
          CSV
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={360} scrollAreaProps={scrollable(title)}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {header.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={`${String(r[0])}-${i}`}>
                {r.map((c, j) => (
                  <Table.Td key={header[j]}>{c}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={`report-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}

/** What a source's stays earned: imported stays carry no price, and an owner's stay is no sale. */
function sourceRevenue(s: TReportSummary['sources'][number]): string {
  if (s.roomRevenue !== null) return usd(s.roomRevenue);
  return s.source === 'imported' ? 'No revenue (not priced)' : "Not revenue (owner's stay)";
}

/** Nights on the books now against the same nights a year earlier, as booked a year ago (docs/staff.md#booking-pace). */
function Pace({ pace }: { pace: TReportSummary['pace'] }) {
  const series = [
    { name: 'On the books', color: 'blue.7' },
    ...(pace.lastYearData ? [{ name: 'Same time last year', color: 'gray.6' }] : []),
  ];
  return (
    <>
      <Card withBorder padding="md" data-testid="report-pace">
        <Title order={2} size="h4">
          Booking pace
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          Nights on the books on {pace.asOf}, against the same nights a year earlier as booked by{' '}
          {pace.lastYearAsOf}.
          {!pace.lastYearData && ' No stay had been booked by then, so there is nothing to compare yet.'}
        </Text>
        <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the chart" />}>
          <ReportChart
            data={pace.months.map((m) => ({
              month: m.month,
              'On the books': m.nights,
              'Same time last year': m.lastYearNights,
            }))}
            dataKey="month"
            series={series}
            legend
          />
        </Suspense>
      </Card>
      <ReportTable
        title="Pace"
        file="report-pace.csv"
        header={[
          'Month',
          'Nights on the books',
          'Room revenue (USD)',
          'Nights last year',
          'Room revenue last year (USD)',
        ]}
        rows={pace.months.map((m) => [
          m.month,
          m.nights,
          m.roomRevenue,
          m.lastYearNights,
          m.lastYearRoomRevenue,
        ])}
      />
    </>
  );
}

function Report({ r }: { r: TReportSummary }) {
  const t = r.totals;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <Stat
          label="Occupancy"
          value={pct(t.occupancy)}
          note="Nights sold, imported included, over available nights"
        />
        <Stat label="ADR" value={usd(t.adr)} note="Room revenue per night sold with a price" />
        <Stat label="RevPAR" value={usd(t.revpar)} note="Room revenue per available night" />
        <Stat
          label="Room revenue"
          value={usd(t.roomRevenue)}
          note="Nights less discounts; no taxes or pass-through fees"
        />
        <Stat
          label="Nights sold"
          value={`${t.bookedNights} of ${t.availableNights}`}
          note={`${t.importedNights} imported (no revenue); ${t.blockedNights} blocked and ${t.ownerNights} owner nights not available`}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Stat
          label="Other revenue"
          value={usd(t.otherRevenue)}
          note="Cancellation fees kept, without their GST"
        />
        <Stat
          label="Cleaning and pet fees"
          value={usd(t.fees)}
          note="Pass-through, not revenue: stays arriving in the range"
        />
        <Stat label="GST" value={usd(t.gst)} note="Collected for the tax authority, not revenue" />
        <Stat label="Tourist tax" value={usd(t.touristTax)} note="Collected for the city, not revenue" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Room revenue is each stay&apos;s nights less its discounts, with extra-guest fees and any price the
        operator set, spread over its nights to the cent. Owners&apos; stays are neither sold nor available;
        imported stays are sold nights with no price, so ADR leaves them out. Fees, taxes and kept
        cancellation fees count with the stay&apos;s first night.
      </Text>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="xs">
          Room revenue by month
        </Title>
        <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the chart" />}>
          <ReportChart
            data={r.byMonth.map((m) => ({ month: m.month, 'Room revenue': m.roomRevenue }))}
            dataKey="month"
            series={[{ name: 'Room revenue', color: 'blue.7' }]}
            valueFormatter={usd}
          />
        </Suspense>
      </Card>
      <ReportTable
        title="By month (amounts in USD)"
        file="report-months.csv"
        header={[
          'Month',
          'Nights sold',
          'Available',
          'Occupancy',
          'Room revenue',
          'ADR',
          'RevPAR',
          'Other revenue',
          'Cleaning, pet fees',
          'GST',
          'Tourist tax',
        ]}
        rows={r.byMonth.map((m) => [
          m.month,
          m.bookedNights,
          m.availableNights,
          pct(m.occupancy),
          m.roomRevenue,
          m.adr,
          m.revpar,
          m.otherRevenue,
          m.fees,
          m.gst,
          m.touristTax,
        ])}
      />
      <ReportTable
        title="By home"
        file="report-homes.csv"
        header={[
          'Home',
          'Nights sold',
          'Imported',
          'Available',
          'Occupancy',
          'ADR (USD)',
          'RevPAR (USD)',
          'Room revenue (USD)',
        ]}
        rows={r.byHome.map((h) => [
          h.title,
          h.bookedNights,
          h.importedNights,
          h.availableNights,
          pct(h.occupancy),
          h.adr,
          h.revpar,
          h.roomRevenue,
        ])}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">
            Lead time
          </Title>
          <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the chart" />}>
            <ReportChart
              data={r.leadTime.map((b) => ({ label: b.label, Stays: b.bookings }))}
              dataKey="label"
              series={[{ name: 'Stays', color: 'teal.8' }]}
            />
          </Suspense>
        </Card>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="xs">
            Length of stay
          </Title>
          <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the chart" />}>
            <ReportChart
              data={r.lengthOfStay.map((b) => ({ label: b.label, Stays: b.bookings }))}
              dataKey="label"
              series={[{ name: 'Stays', color: 'grape.8' }]}
            />
          </Suspense>
        </Card>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReportTable
          title="Lead time table"
          file="report-lead-time.csv"
          header={['Booked ahead', 'Stays']}
          rows={r.leadTime.map((b) => [b.label, b.bookings])}
        />
        <ReportTable
          title="Length of stay table"
          file="report-length-of-stay.csv"
          header={['Length', 'Stays']}
          rows={r.lengthOfStay.map((b) => [b.label, b.bookings])}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ReportTable
          title="Cancellations"
          file="report-cancellations.csv"
          header={['Arrivals', 'Cancelled', 'Rate', 'Room revenue lost (USD)']}
          rows={[
            [
              r.cancellations.arrivals,
              r.cancellations.cancelled,
              pct(r.cancellations.rate),
              r.cancellations.lostRevenue,
            ],
          ]}
        />
        <ReportTable
          title="Sources"
          file="report-sources.csv"
          header={['Source', 'Stays', 'Nights', 'Room revenue']}
          rows={r.sources.map((s) => [REPORT_SOURCE_LABELS[s.source], s.stays, s.nights, sourceRevenue(s)])}
        />
      </SimpleGrid>
      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="xs">
          Sources chart
        </Title>
        <Suspense fallback={<Loader size="sm" role="status" aria-label="Loading the chart" />}>
          <ReportChart
            data={r.sources.map((s) => ({ label: REPORT_SOURCE_LABELS[s.source], Stays: s.stays }))}
            dataKey="label"
            series={[{ name: 'Stays', color: 'indigo.7' }]}
          />
        </Suspense>
      </Card>
      <Pace pace={r.pace} />
    </Stack>
  );
}

/**
 * Housekeepers' pay by month (docs/staff.md#housekeeping-pay): the months the range touches, each task in
 * the month it was done in its home's time zone. A cost, apart from every revenue figure above.
 */
function HousekeepingPay({ from, to, propertyId }: { from: string; to: string; propertyId?: number }) {
  const first = from.slice(0, 7);
  const last = to.slice(0, 7);
  const tooLong = monthsBetween(first, last) > PAY_REPORT_MONTHS_MAX;
  const pay = useQuery({
    ...housekeepingPayQuery({ from: first, to: last, propertyId }),
    placeholderData: keepPreviousData,
    enabled: Boolean(from && to) && first <= last && !tooLong,
    retry: false,
  });
  return (
    <Stack
      gap="sm"
      component="section"
      aria-labelledby="housekeeping-pay-title"
      data-testid="report-housekeeping-pay"
    >
      <div>
        <Title order={2} size="h3" id="housekeeping-pay-title">
          Housekeeping pay
        </Title>
        <Text size="sm" c="dimmed">
          A cost, not revenue: the turnovers each housekeeper completed from {first} to {last}, and the pay
          each recorded when it was marked done.
        </Text>
      </div>
      {tooLong && <Text size="sm">Choose at most {PAY_REPORT_MONTHS_MAX} months to see the pay.</Text>}
      {pay.isError && (
        <Alert color="red" title="Could not read the pay">
          {errorMessage(pay.error, 'Please try again later.')}
        </Alert>
      )}
      {pay.data &&
        (pay.data.rows.length === 0 ? (
          <Text size="sm">No turnover was completed with pay in these months.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <ReportTable
              title="Pay by month"
              file="report-housekeeping-pay.csv"
              header={['Month', 'Housekeeper', 'Tasks', 'Pay']}
              rows={pay.data.rows.map((r) => [r.month, r.name, r.tasks, usd(r.amount)])}
            />
            <ReportTable
              title="Pay per housekeeper"
              file="report-housekeeping-pay-totals.csv"
              header={['Housekeeper', 'Tasks', 'Pay']}
              rows={pay.data.totals.map((t) => [t.name, t.tasks, usd(t.amount)])}
            />
          </SimpleGrid>
        ))}
    </Stack>
  );
}

/** The business reports (docs/staff.md#reports): a range, one home or all, figures, charts and CSV per table. */
export function ReportsPage() {
  const [from, setFrom] = useState(() => defaultReportRange().from);
  const [to, setTo] = useState(() => defaultReportRange().to);
  const [home, setHome] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const homes = useQuery({
    ...homeChoicesQuery(q),
    placeholderData: keepPreviousData,
  });
  const report = useQuery({
    ...reportQuery({ from, to, propertyId: home ? Number(home) : undefined }),
    placeholderData: keepPreviousData,
    enabled: Boolean(from && to),
    retry: false,
  });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">Occupancy, ADR, RevPAR and room revenue for a range of nights</Text>
      </div>
      <Group align="flex-end" gap="sm">
        <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput type="date" label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <Select
          label="Home"
          placeholder="All homes"
          searchable
          clearable
          searchValue={q}
          onSearchChange={setQ}
          data={(homes.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.title }))}
          value={home}
          onChange={setHome}
          filter={({ options }) => options}
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      {report.isError && (
        <Alert color="red" title="Could not make the report">
          {errorMessage(report.error, 'Please try again later.')}
        </Alert>
      )}
      {report.isPending && !report.isError && <Loader role="status" aria-label="Loading the report" />}
      {report.data && <Report r={report.data} />}
      <HousekeepingPay from={from} to={to} propertyId={home ? Number(home) : undefined} />
    </Stack>
  );
}
