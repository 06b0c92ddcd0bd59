// Builds web/dist when it is missing or older than its sources (the browser tests run this); see build.mjs.
import { buildIfStale } from './build.mjs';

buildIfStale('web', process.argv.includes('--force'));
