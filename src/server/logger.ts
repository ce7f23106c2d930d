/** The server's one logger: a line per event on stderr, with the error's stack when there is one. */
export type Logger = (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => void;

export const logger: Logger = (level, text, detail) => {
  const extra = detail instanceof Error ? `\n${detail.stack}` : detail !== undefined ? ` ${JSON.stringify(detail)}` : '';
  process.stderr.write(`${new Date().toISOString()} ${level.toUpperCase()} ${text}${extra}\n`);
};
