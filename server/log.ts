// The server's log: one JSON object per line (pino), debug and info on stdout, warn and error on stderr, level from
// LOG_LEVEL. Each line carries the request id or job it was written under (logging/context.ts) and goes through the
// redaction layer (logging/redact.ts) on its way out. Every layer logs, so this sits below them all.
import pino from 'pino';
import type { LogLevel } from './config.ts';
import { currentLogContext } from './logging/context.ts';
import { redactFields, redactLine, serializeError } from './logging/redact.ts';
import { resolveMode } from './mode.ts';

/** Mail links stay readable in the demo only. */
function demoMode(): boolean {
  try {
    return resolveMode() === 'demo';
  } catch {
    return false; // an invalid DEMO stops the server elsewhere; meanwhile log as production does
  }
}

const LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error'];
const startLevel = process.env.LOG_LEVEL?.trim() ?? '';

function redacting(target: NodeJS.WritableStream): pino.DestinationStream {
  return { write: (line: string) => target.write(redactLine(line, { mailLinks: demoMode() })) };
}

export const logger = pino(
  {
    // An unknown LOG_LEVEL is refused by loadConfig with a message; until then, info.
    level: LEVELS.includes(startLevel) ? startLevel : 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => ({ ...currentLogContext() }),
    // Errors arrive already serialized (serializeError): pino's own serializer would put the parameters back.
    serializers: { err: (value: unknown) => value },
  },
  pino.multistream(
    [
      { level: 'debug', stream: redacting(process.stdout) },
      { level: 'warn', stream: redacting(process.stderr) },
    ],
    { dedupe: true },
  ),
);

export function setLogLevel(level: LogLevel): void {
  logger.level = level;
}

function write(level: LogLevel, message: string, extra?: unknown): void {
  if (!logger.isLevelEnabled(level)) return;
  if (extra === undefined) logger[level](message);
  else if (extra instanceof Error) logger[level]({ err: serializeError(extra) }, message);
  else logger[level]({ data: redactFields(extra) }, message);
}

export const log = {
  debug: (message: string, extra?: unknown) => write('debug', message, extra),
  info: (message: string, extra?: unknown) => write('info', message, extra),
  warn: (message: string, extra?: unknown) => write('warn', message, extra),
  error: (message: string, extra?: unknown) => write('error', message, extra),
};
