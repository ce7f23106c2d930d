/**
 * `npm run db:migrate` / `npm run db:seed [-- --rows N]` against DATABASE_URL or the PGlite folder
 * under DATA_DIR. `--rows N` seeds N stock rows (default 20,000) into an empty database.
 */
import { parseEnv } from '../env';
import { parseSeedOptions } from './seed-options';
import { migrateAndSeed } from './seed-run';

const parsed = parseEnv(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
if (command !== 'migrate' && command !== 'seed') {
  process.stderr.write('用法: tsx src/server/db/cli.ts migrate|seed [--rows N]\n');
  process.exit(2);
}
if (command === 'migrate') {
  if (args.length) {
    process.stderr.write('migrate 不接受参数\n');
    process.exit(2);
  }
  await migrateAndSeed(parsed.env, { seed: false });
} else {
  const options = parseSeedOptions(args);
  if (!options.ok) {
    process.stderr.write(`${options.message}\n`);
    process.exit(2);
  }
  await migrateAndSeed(parsed.env, { seed: true, stockRows: options.stockRows, rowsGiven: options.rowsGiven });
}
