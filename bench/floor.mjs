// The floor: a bare node:http server answering every request with the body the
// slots endpoint gives (FLOOR_BODY). Nothing can be faster on this machine.
import { createServer } from 'node:http';

const body = Buffer.from(process.env.FLOOR_BODY ?? '{}');
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
const server = createServer((request, response) => {
  request.resume();
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
