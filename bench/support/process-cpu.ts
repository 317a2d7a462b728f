import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/**
 * CPU time of a process and every process it started (the product and its DynamoDB Local JVM), from
 * /proc: on a shared machine a latency under load says as much about the other tenants as about
 * the product, and the CPU a request costs is the figure that carries over to one Lambda per
 * request. Linux only; elsewhere it answers NaN.
 */
const TICK_MS = 10;

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function ownCpuMs(pid: number): number {
  try {
    // utime and stime: fields 14 and 15, counted after the command name's closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

export function treeCpuMs(pid: number): number {
  return [pid, ...children(pid)].reduce((total, each) => total + ownCpuMs(each), 0);
}

/** The machine's 1-minute load average and its core count, as the bench prints them beside its figures. */
export function machineLoad(): string {
  return `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
}
