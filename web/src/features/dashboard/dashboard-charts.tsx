import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardResponse } from '@backoffice/contract';
import { formatCount, formatLkr, formatLkrShort } from './dashboard-format';

/**
 * The recharts drawings, in their own chunk: the dashboard's panels, legends and figures render
 * first, the library arrives after (routes.tsx keeps it out of the sign-in bundle too).
 */

const tooltipStyle = {
  contentStyle: { background: '#0f172a', border: '1px solid #1e293b', borderRadius: 8, color: '#e2e8f0' },
  itemStyle: { color: '#e2e8f0' },
  labelStyle: { color: '#94a3b8' },
};

// The charts are hidden from assistive technology (a table beside each carries the figures), so they
// take no keyboard focus either: Recharts' accessibility layer would make the hidden chart focusable.
export function DonutChart({ slices }: { slices: { name: string; value: number; colour: string }[] }) {
  return (
    <PieChart width={200} height={200} accessibilityLayer={false}>
      <Pie
        data={slices}
        dataKey="value"
        nameKey="name"
        startAngle={90}
        endAngle={-270}
        innerRadius={58}
        outerRadius={90}
        paddingAngle={slices.length > 1 ? 2 : 0}
        stroke="none"
        isAnimationActive={false}
      >
        {slices.map((s) => (
          <Cell key={s.name} fill={s.colour} />
        ))}
      </Pie>
      <Tooltip {...tooltipStyle} formatter={(v) => formatCount(Number(v))} />
    </PieChart>
  );
}

export function RevenueBars({ months }: { months: DashboardResponse['revenue']['months'] }) {
  return (
    <BarChart
      data={months}
      responsive
      accessibilityLayer={false}
      style={{ width: '100%', height: 260 }}
      margin={{ left: 8, right: 8 }}
    >
      <CartesianGrid stroke="#1e293b" vertical={false} />
      <XAxis dataKey="month" stroke="#64748b" tickLine={false} axisLine={false} fontSize={12} />
      <YAxis
        stroke="#64748b"
        tickLine={false}
        axisLine={false}
        fontSize={12}
        width={88}
        tickFormatter={(v: number) => formatLkrShort(v)}
      />
      <Tooltip {...tooltipStyle} cursor={{ fill: '#1e293b' }} formatter={(v) => [formatLkr(Number(v)), 'Sales']} />
      <Bar dataKey="sales" name="Sales" fill="#6366f1" radius={[4, 4, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
