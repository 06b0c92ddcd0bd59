/**
 * `npm test`'s pretest (and test:cluster's): makes sure the tools the tests
 * need beyond npm are there, installing Debian's package when the machine
 * allows it. It never fails the run itself: a missing tool fails the tests
 * that need it, loudly, while every other test still runs and reports.
 */
import { ensureTool, type Tool } from './test-tools.js';

const tools = process.argv.slice(2) as Tool[];
for (const tool of tools.length ? tools : (['chromium'] as Tool[])) {
  ensureTool(tool, (line) => console.log(line));
}
