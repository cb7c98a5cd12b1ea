// Markdown tables of a bench report (bench/results/*.md), and of two reports side by side.

type Measured = { p50_ms: number; p95_ms: number; iterations: number; response_bytes: number };
type DriverResult = {
  skipped?: string;
  latency?: Record<string, Measured>;
  derived?: Record<string, number>;
  throughput?: {
    bare: { per_second: number };
    authenticated_read: { per_second: number; errors: number };
    ratio: number;
  };
  realtime?: {
    users: number;
    sockets: number;
    without_sockets: { per_second: number; errors: number };
    with_sockets: { per_second: number; errors: number; client_event_loop_utilization?: number };
    ratio: number;
    /** Each round's run with sockets against the runs without on either side of it. */
    round_ratios?: number[];
    batch_window_max_ms?: number;
    /** Extra figures (not part of any aim): how busy each thread was during the runs, 0–1. */
    busy?: {
      server_without_sockets: number;
      server_with_sockets: number;
      machine_idle_without_sockets?: number;
      machine_idle_with_sockets?: number;
      server_cpu_ms_per_call_without_sockets?: number | null;
      server_cpu_ms_per_call_with_sockets?: number | null;
    };
    delivery: {
      client_event_loop_utilization?: number;
      deliveries: number;
      deliveries_expected: number;
      after_request_p50_ms: number;
      after_request_p99_ms: number;
      after_answer_p50_ms: number;
      after_answer_p99_ms: number;
      batches_per_socket?: number;
      events_per_batch?: number;
    };
  };
};
type Report = { date?: unknown; label?: unknown; scale?: unknown; shape?: unknown; results?: unknown };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function summary(r: DriverResult): [string, string][] {
  const rows: [string, string][] = [];
  if (r.derived?.requirement_by_id_over_bare_sql_p50 !== undefined)
    rows.push(['GET requirements/{id} ÷ bare SQL (p50)', `${r.derived.requirement_by_id_over_bare_sql_p50}×`]);
  if (r.derived?.requirement_by_id_over_own_statements_p50 !== undefined)
    rows.push([
      `GET requirements/{id} ÷ its own ${r.derived.requirement_by_id_statements} statements run bare (p50)`,
      `${r.derived.requirement_by_id_over_own_statements_p50}×`,
    ]);
  if (r.derived?.own_statements_round_trips_after_work_p50_ms !== undefined)
    rows.push([
      `its ${r.derived.requirement_by_id_statements} statements' round trips, each after 0.1 ms of work (p50)`,
      `${r.derived.own_statements_round_trips_after_work_p50_ms} ms`,
    ]);
  if (r.throughput) {
    rows.push(['bare Fastify + pg, req/s', String(r.throughput.bare.per_second)]);
    rows.push(['authenticated GET requirements/{id}, req/s', String(r.throughput.authenticated_read.per_second)]);
    rows.push(['throughput ratio (authenticated ÷ bare)', String(r.throughput.ratio)]);
  }
  if (r.realtime) {
    const d = r.realtime.delivery;
    rows.push([`${r.realtime.users} users, no sockets, req/s`, String(r.realtime.without_sockets.per_second)]);
    rows.push([
      `${r.realtime.users} users, ${r.realtime.sockets} sockets, req/s`,
      String(r.realtime.with_sockets.per_second),
    ]);
    rows.push(['HTTP ratio with ÷ without sockets', String(r.realtime.ratio)]);
    if (r.realtime.round_ratios) rows.push(['HTTP ratio by round', r.realtime.round_ratios.join(', ')]);
    if (r.realtime.batch_window_max_ms !== undefined)
      rows.push(['longest batch window', `${r.realtime.batch_window_max_ms} ms`]);
    rows.push(['events delivered', `${d.deliveries} / ${d.deliveries_expected}`]);
    if (d.events_per_batch !== undefined)
      rows.push(['batches per socket, events per batch', `${d.batches_per_socket} / ${d.events_per_batch}`]);
    rows.push(['delivery after the request p50 / p99', `${d.after_request_p50_ms} / ${d.after_request_p99_ms} ms`]);
    rows.push(['delivery after the answer p50 / p99', `${d.after_answer_p50_ms} / ${d.after_answer_p99_ms} ms`]);
    const b = r.realtime.busy;
    if (b && d.client_event_loop_utilization !== undefined) {
      rows.push([
        'extra: server thread busy, without / with sockets',
        `${b.server_without_sockets} / ${b.server_with_sockets}`,
      ]);
      rows.push([
        "extra: bench's socket-client thread busy / HTTP-client thread busy (with sockets)",
        `${d.client_event_loop_utilization} / ${r.realtime.with_sockets.client_event_loop_utilization ?? '–'}`,
      ]);
      if (b.machine_idle_without_sockets !== undefined)
        rows.push([
          "extra: machine's CPUs idle, without / with sockets",
          `${b.machine_idle_without_sockets} / ${b.machine_idle_with_sockets}`,
        ]);
      if (b.server_cpu_ms_per_call_with_sockets != null)
        rows.push([
          "extra: server thread's CPU per call, without / with sockets",
          `${b.server_cpu_ms_per_call_without_sockets} / ${b.server_cpu_ms_per_call_with_sockets} ms`,
        ]);
    }
  }
  return rows;
}

export function markdownReport(report: Report): string {
  const lines = [
    `# Bench ${typeof report.label === 'string' ? report.label : ''} (${String(report.scale)}, ${String(report.date)})`,
    '',
    `Shape: \`${JSON.stringify(report.shape)}\``,
  ];
  for (const [driver, value] of Object.entries((report.results ?? {}) as Record<string, DriverResult>)) {
    lines.push('', `## ${driver}`, '');
    if (value.skipped) {
      lines.push(`skipped: ${value.skipped}`);
      continue;
    }
    lines.push('| call | p50 ms | p95 ms | answer |', '|---|---:|---:|---:|');
    for (const [name, m] of Object.entries(value.latency ?? {}))
      lines.push(`| ${name} | ${m.p50_ms} | ${m.p95_ms} | ${kb(m.response_bytes)} |`);
    const rows = summary(value);
    if (rows.length) {
      lines.push('', '| measure | value |', '|---|---:|');
      for (const [k, v] of rows) lines.push(`| ${k} | ${v} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Before and after, per driver: the same calls side by side. */
export function compareReports(before: Report, after: Report): string {
  const lines = [`# Before (${String(before.label)}) and after (${String(after.label)}), scale ${String(after.scale)}`];
  const b = (before.results ?? {}) as Record<string, DriverResult>;
  const a = (after.results ?? {}) as Record<string, DriverResult>;
  for (const driver of Object.keys(a)) {
    const x = b[driver] ?? {};
    const y = a[driver]!;
    lines.push('', `## ${driver}`, '', '| call | before p50 / p95 ms | after p50 / p95 ms | before → after answer |');
    lines.push('|---|---:|---:|---:|');
    for (const [name, m] of Object.entries(y.latency ?? {})) {
      const o = x.latency?.[name];
      const was = o ? `${o.p50_ms} / ${o.p95_ms}` : '–';
      const size = o ? `${kb(o.response_bytes)} → ${kb(m.response_bytes)}` : kb(m.response_bytes);
      lines.push(`| ${name} | ${was} | ${m.p50_ms} / ${m.p95_ms} | ${size} |`);
    }
    const before = new Map(summary(x));
    const rows = summary(y);
    if (rows.length) {
      lines.push('', '| measure | before | after |', '|---|---:|---:|');
      for (const [k, v] of rows) lines.push(`| ${k} | ${before.get(k) ?? '–'} | ${v} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
