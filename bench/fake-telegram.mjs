// A local fake of the Telegram Bot API: answers every method like Telegram
// does for sendMessage, counts the calls, and prints the count on SIGTERM.
import { createServer } from 'node:http';

const calls = new Map();
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const method = (request.url ?? '').split('/').pop() ?? '';
    calls.set(method, (calls.get(method) ?? 0) + 1);
    const result =
      method === 'getMe'
        ? {
            id: 1,
            is_bot: true,
            first_name: 'Bench',
            username: 'bench_bot',
            can_join_groups: true,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          }
        : { message_id: 1, date: Math.floor(Date.now() / 1000), chat: { id: 1, type: 'private' }, text: '' };
    const body = JSON.stringify({ ok: true, result });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => {
  console.log(`calls ${JSON.stringify(Object.fromEntries(calls))}`);
  process.exit(0);
});
