/** The server's one logger: a line per event on stderr, with the error's stack when there is one. */
export const logger = (level: 'info' | 'warn' | 'error', text: string, detail?: unknown) => {
  const extra = detail instanceof Error ? `\n${detail.stack}` : detail !== undefined ? ` ${JSON.stringify(detail)}` : '';
  process.stderr.write(`${new Date().toISOString()} ${level.toUpperCase()} ${text}${extra}\n`);
};
