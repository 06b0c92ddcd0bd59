/**
 * `npm run backup -- FILE` / `npm run restore -- FILE [--force]`: the built CLI
 * (src/db/backup/cli.ts), built first when the sources are newer, as `npm start` does.
 */
import { buildIfStale } from './build.mjs';

buildIfStale('server');
const { main } = await import('../dist/src/db/backup/cli.js');
process.exitCode = await main(process.argv.slice(2));
