import pino from "pino";
import { workerNumber } from "./cluster/workers.ts";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  // One of several server processes (WORKERS > 1): every line says which, and its process id.
  const worker = workerNumber();
  const base = worker === null ? { service: "haggle" } : { service: "haggle", worker, pid: process.pid };
  return pino({ level, base, timestamp: pino.stdTimeFunctions.isoTime });
}
