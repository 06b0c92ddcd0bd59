// The write floor: a bare node:http server that, for every request, does what a
// booking minimally must: one INSERT through a pg pool of 10 and one sendMessage
// to the same fake Telegram, then answers 201. POST booking is reported as a
// ratio to it (DATABASE_URL, TELEGRAM_API_URL, BOT_TOKEN from the environment).
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(
  'CREATE TABLE IF NOT EXISTS floor_writes (id bigserial PRIMARY KEY, body text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
);
const telegram = `${process.env.TELEGRAM_API_URL}/bot${process.env.BOT_TOKEN}/sendMessage`;

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    try {
      const body = Buffer.concat(chunks).toString('utf8');
      const { rows } = await pool.query('INSERT INTO floor_writes (body) VALUES ($1) RETURNING id', [body]);
      const sent = await fetch(telegram, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: 424242, text: `New booking ${rows[0].id}` }),
      });
      await sent.arrayBuffer();
      const answer = JSON.stringify({ id: String(rows[0].id) });
      response.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
      response.end(answer);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
