import { randomBytes } from 'node:crypto';
import type { SimulateArgs } from './args';
import { newOutcome, simulateCustomer, type CustomerOutcome } from './customer';

export interface SimulationOptions extends SimulateArgs {
  /** Where progress and the summary go (console.log by default). */
  log?: (line: string) => void;
  /** Protocol timings; the defaults suit a platform under load. */
  ackTimeoutMs?: number;
  giveUpMs?: number;
  pauseMs?: number;
  replyWaitMs?: number;
  /** How often progress is printed. */
  progressEveryMs?: number;
}

export interface SimulationSummary {
  customers: number;
  started: number;
  escalated: number;
  attended: number;
  finished: number;
  surveyed: number;
  errors: number;
  /** The first errors, one per failed customer: 'Cliente N: …'. */
  errorMessages: string[];
}

function summarise(customers: number, outcomes: readonly CustomerOutcome[]): SimulationSummary {
  const count = (key: keyof Omit<CustomerOutcome, 'error'>) => outcomes.filter((o) => o[key]).length;
  const errorMessages = outcomes.flatMap((o, i) => (o.error ? [`Cliente ${i + 1}: ${o.error}`] : []));
  return {
    customers,
    started: count('started'),
    escalated: count('escalated'),
    attended: count('attended'),
    finished: count('finished'),
    surveyed: count('surveyed'),
    errors: errorMessages.length,
    errorMessages: errorMessages.slice(0, 20)
  };
}

export function progressLine(s: SimulationSummary, launched: number): string {
  return `Progreso: ${launched}/${s.customers} en marcha · ${s.started} iniciados · ${s.escalated} escalados · ${s.attended} atendidos · ${s.finished} finalizados · ${s.errors} errores`;
}

export function summaryText(s: SimulationSummary): string {
  const rows: [string, number][] = [
    ['Clientes', s.customers],
    ['Iniciados', s.started],
    ['Escalados a un asesor', s.escalated],
    ['Atendidos por un asesor', s.attended],
    ['Finalizados', s.finished],
    ['Encuestas respondidas', s.surveyed],
    ['Errores', s.errors]
  ];
  const lines = ['Resumen de la simulación', ...rows.map(([label, n]) => `  ${`${label}:`.padEnd(26)}${n}`)];
  if (s.errorMessages.length > 0) lines.push('Errores:', ...s.errorMessages.map((m) => `  - ${m}`));
  return lines.join('\n');
}

/** Drives `customers` customers through the widget protocol, `rate` started per second; resolves with the summary once all are done. */
export async function runSimulation(opts: SimulationOptions): Promise<SimulationSummary> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const runTag = randomBytes(3).toString('hex');
  const outcomes: CustomerOutcome[] = Array.from({ length: opts.customers }, newOutcome);
  let launched = 0;
  let dirty = true;
  const timing = { ackTimeoutMs: opts.ackTimeoutMs ?? 5000, giveUpMs: opts.giveUpMs ?? 60_000 };
  const printProgress = () => {
    if (!dirty) return;
    dirty = false;
    log(progressLine(summarise(opts.customers, outcomes), launched));
  };
  const ticker = setInterval(printProgress, opts.progressEveryMs ?? 1000);
  log(`Simulando ${opts.customers} clientes (${opts.rate} por segundo) contra ${opts.url}, organización ${opts.org}, asistente ${opts.va}`);
  const runs: Promise<void>[] = [];
  const startedAt = performance.now();
  try {
    for (let i = 0; i < opts.customers; i++) {
      const due = (i * 1000) / opts.rate;
      const wait = due - (performance.now() - startedAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      launched++;
      dirty = true;
      runs.push(
        simulateCustomer({
          url: opts.url,
          org: opts.org,
          va: opts.va,
          n: i + 1,
          runTag,
          outcome: outcomes[i]!,
          timing,
          agentWaitMs: opts.waitSeconds * 1000,
          pauseMs: opts.pauseMs ?? 1000,
          replyWaitMs: opts.replyWaitMs ?? 15_000,
          onChange: () => {
            dirty = true;
          }
        }).then(() => {
          dirty = true;
        })
      );
    }
    await Promise.all(runs);
  } finally {
    clearInterval(ticker);
  }
  const summary = summarise(opts.customers, outcomes);
  log(progressLine(summary, launched));
  log(summaryText(summary));
  return summary;
}
