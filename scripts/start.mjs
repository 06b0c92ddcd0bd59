/**
 * `npm start`: builds what changed (scripts/build.mjs), then runs the built server in this same
 * process — one Node start instead of two, which is a good part of a restart's time.
 */
import { buildIfStale } from './build.mjs';

buildIfStale('server');
buildIfStale('web');
await import('../dist/src/server.js');
